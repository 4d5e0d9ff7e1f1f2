// `npm start`: builds the web app if its sources changed since the last build, then serves SPA + API on PORT.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Node.js 20 reached its end of life in April 2026; the app runs and is tested on 24 (22 supported).
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    `Sala Común necesita Node.js 22 o más reciente (se prueba en 24); este es ${process.version}. ` +
      '`bash scripts/start.sh` instala Node.js 24 en el proyecto y arranca con él.',
  );
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/illustrations',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite-plugins',
  'apps/web/scripts',
  'packages/shared/src',
];

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function needsBuild() {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

if (process.env.SKIP_WEB_BUILD !== 'true' && needsBuild()) {
  console.log('Construyendo la aplicación web…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../apps/api/src/server.ts');
