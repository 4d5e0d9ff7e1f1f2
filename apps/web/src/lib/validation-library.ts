// Zod, with the browser's settings (`common/zod`), and the shared fields every form's contract is built from
// (`common/fields`), and nothing more: lib/lazy-resolver.ts evaluates them in a task before the one that builds a
// form's own schemas. Imported for their effect only, so that the bundle keeps just the part of zod that the
// contracts use (importing `z` here would keep all of it, about 380 kB).
import '@sala/shared/common/zod';
import '@sala/shared/common/fields';
