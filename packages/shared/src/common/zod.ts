import { z } from 'zod';

// The web app runs under a Content-Security-Policy without 'unsafe-eval'. Zod probes for `new Function` (to
// compile faster parsers) when it builds an object schema, and the browser reports that probe as a violation
// (a console error on every page with a form). Every contract imports zod through this module, so the setting
// is in place before any schema is built; the server keeps the compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
