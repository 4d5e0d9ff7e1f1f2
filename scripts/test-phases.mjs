// `npm test`: every phase of the proof in order, each timed; the table of wall times is printed at the end (also
// when a phase fails, up to it), so the next slowdown is seen in the run that brought it.
import { spawnSync } from 'node:child_process';

const phases = [
  ['lint', 'npm run lint'],
  ['types', 'npm run typecheck'],
  ['unit (PGlite)', 'npm run test:unit'],
  ['PostgreSQL', 'npm run test:pg'],
  ['stress', 'npm run test:stress'],
  ['build', 'npm run build'],
  ['e2e', 'npm run test:e2e:built'],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const rows = [];
let failed = null;
const started = Date.now();
console.log(`Node.js ${process.version}`);
for (const [name, command] of phases) {
  const phaseStart = Date.now();
  const { status, signal } = spawnSync(command, { stdio: 'inherit', shell: true });
  rows.push([name, Date.now() - phaseStart, status === 0 ? 'ok' : `falló (${signal ?? status})`]);
  if (status !== 0) {
    failed = status ?? 1;
    break;
  }
}

const width = Math.max(...rows.map(([name]) => name.length), 'total'.length);
console.log(`\n${'fase'.padEnd(width)}  ${'tiempo'.padStart(9)}   resultado`);
for (const [name, ms, result] of rows)
  console.log(`${name.padEnd(width)}  ${seconds(ms).padStart(9)}   ${result}`);
console.log(`${'total'.padEnd(width)}  ${seconds(Date.now() - started).padStart(9)}`);
process.exit(failed ?? 0);
