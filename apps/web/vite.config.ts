import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { eagerCommonJs } from './vite-plugins/eager-commonjs';
import { lucideIcons } from './vite-plugins/lucide-icons';

const REACT = /node_modules\/(react|react-dom|scheduler|@tanstack\/(react-query|query-core))\//;
const LUCIDE = /node_modules\/lucide-react\//;
const source = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const ISLANDS_ENTRY = source('src/islands.tsx');
const RUNTIME = source('src/islands/runtime.tsx');
const HEADER = source('src/app/layouts/site-header.tsx');
const APP_ENTRY = source('src/main.tsx');
type ModuleGraph = (
  id: string,
) => { importedIds: readonly string[]; dynamicallyImportedIds?: readonly string[] } | null;
const staticImports = (root: string, getModuleInfo: ModuleGraph) => {
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id) || REACT.test(id)) return;
    found.add(id);
    for (const imported of getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  visit(root);
  return found;
};

/**
 * The chunks every public page loads at once, beside React's (decision 016). 'islands-start': what the islands'
 * entry imports statically that other chunks import too (Vite's preload helper, the carried state); it runs with
 * the entry. 'site-header': the header island and every other module it or the islands' runtime imports
 * statically; it runs with React DOM, which the entry asks for in the task after it starts (the runtime itself
 * stays a chunk of its own). Without the first, a module of both would pull the header's chunk, and React with
 * it, into the entry's first task.
 */
function publicChunks(getModuleInfo: ModuleGraph) {
  const atStart = staticImports(ISLANDS_ENTRY, getModuleInfo);
  const chunks = new Map<string, 'islands-start' | 'site-header'>();
  for (const id of [...staticImports(HEADER, getModuleInfo), ...staticImports(RUNTIME, getModuleInfo)])
    if (id !== RUNTIME) chunks.set(id, atStart.has(id) ? 'islands-start' : 'site-header');
  return chunks;
}
/** The islands' modules as the registry names them (its `module: '…'` lines), the header aside. */
const islandModules = () =>
  [...readFileSync(source('src/islands/registry.ts'), 'utf8').matchAll(/module: '(src\/[^']+\.tsx)'/g)]
    .map(([, module]) => source(module!))
    .filter((module) => module !== HEADER);

/**
 * Each island's code in as few chunks as the islands share (decision 016, "An island wakes with a few chunks"). Left
 * to itself, the bundler splits an island's modules by every screen of the app that also uses them: the wizard woke
 * with 16 chunks of 0.1–1.5 kB, and Vite's preload helper added a `<link rel=modulepreload>` for each, 5–15 ms apiece
 * at 4× CPU in the task that wakes the island (issue 25). Here a module an island imports statically (beyond React's
 * and the public pages' chunks) goes to a chunk named after the islands that use it: `booking-wizard`, or
 * `branches-section~booking-wizard` for one of two. A module the app's own screens reach too, other than through an
 * island's module, goes to a chunk of its own marked `~app` (`booking-wizard~app`): an admin screen that shares an
 * icon with the wizard loads the few modules the two share, not the wizard. What the app and the islands' entry
 * start with stays where the bundler puts it.
 */
function islandChunks(getModuleInfo: ModuleGraph) {
  const modules = islandModules();
  const names = modules.map((module) => basename(module, '.tsx'));
  if (new Set(names).size !== names.length) throw new Error(`two islands' files share a name: ${names}`);
  const taken = new Set([
    ...publicChunks(getModuleInfo).keys(),
    ...staticImports(APP_ENTRY, getModuleInfo),
    ...staticImports(ISLANDS_ENTRY, getModuleInfo),
    RUNTIME,
  ]);
  // Every module the app reaches, statically or lazily, without going through an island's module.
  const islandIds = new Set(modules);
  const appReach = new Set<string>();
  const visit = (id: string) => {
    if (appReach.has(id) || islandIds.has(id) || REACT.test(id)) return;
    appReach.add(id);
    const info = getModuleInfo(id);
    for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) visit(next);
  };
  visit(APP_ENTRY);
  const users = new Map<string, string[]>();
  modules.forEach((module, index) => {
    for (const id of staticImports(module, getModuleInfo)) {
      // Through the package's index an island would "import" every icon (vite-plugins/lucide-icons.ts).
      if (/node_modules\/lucide-react\/dist\/esm\/lucide-react\.mjs$/.test(id))
        throw new Error(`${module} imports lucide-react's index; import the icon by name`);
      if (!taken.has(id)) users.set(id, [...(users.get(id) ?? []), names[index]!]);
    }
  });
  return new Map([...users].map(([id, of]) => [id, `${of.join('~')}${appReach.has(id) ? '~app' : ''}`]));
}

/** A code-splitting group from a map of module → chunk, built from the module graph once per build. */
function groupFrom(
  debugName: string,
  priority: number,
  chunksOf: (graph: ModuleGraph) => Map<string, string>,
  includeDependenciesRecursively = true,
) {
  let chunkOf: Map<string, string> | undefined;
  return {
    debugName,
    includeDependenciesRecursively,
    name: (id: string, context: { getModuleInfo: ModuleGraph }) => {
      chunkOf ??= chunksOf((module) => context.getModuleInfo(module));
      return chunkOf.get(id) ?? null;
    },
    priority,
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), lucideIcons(), eagerCommonJs()],
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${process.env.API_PORT ?? 3000}`,
      '/calendario': `http://localhost:${process.env.API_PORT ?? 3000}`,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 400,
    rollupOptions: isSsrBuild
      ? {
          // The prerender (entry-server.tsx) imports each page, and so each island, at once: the registry's lazy
          // imports split nothing there, by design (one process renders every page at build time).
          checks: { ineffectiveDynamicImport: false },
        }
      : {
          // The app (index.html → src/main.tsx) and the prerendered public pages' islands (src/islands.tsx).
          input: {
            index: source('index.html'),
            islands: ISLANDS_ENTRY,
          },
          output: {
            // What every page runs first (React, React DOM, TanStack Query) is one chunk rather than a dozen: fewer
            // requests, and no bytes spent on the names chunks import from each other (decision 016). And what
            // every public page loads beside it (the header and what the islands' runtime imports) is one more,
            // rather than nine chunks of 0.1–5 kB: each request the page's HTML preloads cost the first task of the
            // page about 3 ms at 4× CPU (issue 25).
            codeSplitting: {
              groups: [
                { name: 'react', test: REACT, priority: 3 },
                groupFrom('public pages', 2, publicChunks),
                // Only the modules named, not their dependencies: what the app or the islands' entry starts with stays
                // out. No cycle can form: a module's dependencies are used by the same islands or more (and reached by
                // the app when it is), so a chunk imports only chunks named after as many islands or more, and the
                // bundler's own chunks, which import none of these. None of these modules does anything when imported
                // but define things (the islands' own code, icons, messages, API calls), so their order is free.
                groupFrom('islands', 1, islandChunks, false),
                // The icons only the app's screens use, in one chunk (about 5 kB compressed) rather than one chunk
                // of 0.2–0.5 kB per icon and per set of screens that share it: a staff screen asked for 60 files,
                // now about 50, and it was whole 7–15 % sooner on a slow 4G line (decision 040). An icon module only
                // defines its component, so the chunk's order is free, as for the islands' own above.
                { name: 'icons', test: LUCIDE, priority: 0, includeDependenciesRecursively: false },
              ],
            },
          },
        },
  },
}));
