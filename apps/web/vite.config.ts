import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { eagerCommonJs } from './vite-plugins/eager-commonjs';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), eagerCommonJs()],
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
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
            index: fileURLToPath(new URL('index.html', import.meta.url)),
            islands: fileURLToPath(new URL('src/islands.tsx', import.meta.url)),
          },
          output: {
            // What every page runs first (React, React DOM, TanStack Query) is one chunk rather than a dozen: fewer
            // requests, and no bytes spent on the names chunks import from each other (decision 016).
            manualChunks: (id: string) =>
              /node_modules\/(react|react-dom|scheduler|@tanstack\/(react-query|query-core))\//.test(id)
                ? 'react'
                : undefined,
          },
        },
  },
}));
