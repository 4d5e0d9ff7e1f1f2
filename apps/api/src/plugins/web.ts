import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built SPA's files; the not-found handler (app.ts) answers the pages and the misses. */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web build not found; serving the API only');
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    // One route per built file (the build does not change while the server runs): a path that is no file
    // falls to the not-found handler, which knows pages from missing files.
    wildcard: false,
    index: 'index.html',
    setHeaders(res, filePath) {
      // Vite fingerprints everything under assets/; the HTML must always be revalidated.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
