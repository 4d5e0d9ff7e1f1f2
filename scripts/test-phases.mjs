// `npm test`: every phase of the proof, each timed; the table of wall times is printed at the end (also when a phase
// fails, up to it), so the next slowdown is seen in the run that brought it.
//
// The stress run waits on the processes it starts, kills and restarts for about a third of its time; the static
// checks and the web build use about one core. They run side by side, each printing its output as a block once it
// ends (decision 037). The test suites that keep both cores busy run alone, one after the other.
import { spawn } from 'node:child_process';

const stages = [
  [
    ['lint', 'npm run lint'],
    ['types', 'npm run typecheck'],
    ['build', 'npm run build'],
    ['stress', 'npm run test:stress'],
    ['unit: web', 'npm run test:unit -- --project web --project web-mocks'],
  ],
  [
    [
      'unit: API (PGlite)',
      'npm run test:unit -- --project shared --project db --project api --project api-mocks',
    ],
  ],
  [['PostgreSQL', 'npm run test:pg']],
  [['e2e', 'npm run test:e2e:built']],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one phase: its output straight through when it runs alone, else held and printed whole when it ends. */
function run(name, command, alone) {
  const started = Date.now();
  const child = spawn(command, {
    shell: true,
    detached: true,
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  const done = new Promise((resolve) =>
    child.on('close', (status, signal) => {
      if (!alone) {
        process.stdout.write(`\n── ${name} (${seconds(Date.now() - started)}) ──\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name, ms: Date.now() - started, status, signal });
    }),
  );
  let stopped = false;
  const stop = () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    stopped = true;
    process.kill(-child.pid, 'SIGTERM');
  };
  return { done: done.then((result) => ({ ...result, stopped })), stop };
}

// Each phase runs in a process group of its own (so a stop reaches the servers it started): Ctrl-C reaches them
// through here.
const live = new Set();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const phase of live) phase.stop();
    process.exit(130);
  });

const rows = [];
let failed = null;
const started = Date.now();
console.log(`Node.js ${process.version}`);
for (const stage of stages) {
  const running = stage.map(([name, command]) => run(name, command, stage.length === 1));
  for (const phase of running) live.add(phase);
  // The first failure stops the phases still running beside it: the run has its answer.
  const results = await Promise.all(
    running.map(async ({ done }) => {
      const result = await done;
      if (result.status !== 0 && !failed) {
        failed = result.status ?? 1;
        for (const other of running) other.stop();
      }
      return result;
    }),
  );
  live.clear();
  for (const { name, ms, status, signal, stopped } of results)
    rows.push([
      stage.length > 1 ? `${name} ∥` : name,
      ms,
      status === 0 ? 'ok' : stopped ? 'detenida' : `falló (${signal ?? status})`,
    ]);
  if (failed) break;
}

const width = Math.max(...rows.map(([name]) => name.length), 'total'.length);
console.log(`\n${'fase'.padEnd(width)}  ${'tiempo'.padStart(9)}   resultado`);
for (const [name, ms, result] of rows)
  console.log(`${name.padEnd(width)}  ${seconds(ms).padStart(9)}   ${result}`);
console.log(`${'total'.padEnd(width)}  ${seconds(Date.now() - started).padStart(9)}`);
if (rows.some(([name]) => name.endsWith('∥')))
  console.log('∥: corrieron a la par, cada una con su propio tiempo.');
process.exit(failed ?? 0);
