// Writes brotli (.br) and gzip (.gz) copies of every compressible file of the build, at the highest levels: the
// server sends them as they are (@fastify/static preCompressed), so compressing costs nothing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;
// HTML is left out: the server adds the configuration to it at start and compresses it as it sends it.
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== '.vite') walk(full);
      continue;
    }
    if (!COMPRESSIBLE.test(entry)) continue;
    const source = readFileSync(full);
    if (source.length < MIN_BYTES) continue;
    const br = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    writeFileSync(`${full}.br`, br);
    writeFileSync(`${full}.gz`, gzipSync(source, { level: 9 }));
    files++;
    before += source.length;
    after += br.length;
  }
}
walk(dist);
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB brotli`,
);
