// One load run with autocannon and the figures every benchmark prints.
import autocannon from 'autocannon';

export type LoadResult = {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

export type LoadOptions = {
  url: string;
  connections: number;
  duration: number;
  requests?: autocannon.Request[];
  headers?: Record<string, string>;
};

export async function runLoad(label: string, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    requests: options.requests,
    headers: options.headers,
  });
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Two or more loads compared with each other, run in alternating slices (A B, B A, A B…) of `slices` × `duration`
 * seconds each, so that what the machine does meanwhile (its other processes, a slower minute) falls on every load
 * alike, and neither always runs first or last. Each load's figures over its slices: the mean of the requests a
 * second, the median p50 and the worst p99; `rounds` keeps each slice's figures, in the order they ran.
 */
export async function runAlternating(
  loads: { label: string; options: Omit<LoadOptions, 'duration'> }[],
  { slices, duration }: { slices: number; duration: number },
): Promise<{ results: LoadResult[]; rounds: LoadResult[][] }> {
  const rounds: LoadResult[][] = [];
  for (let round = 0; round < slices; round++) {
    const order = round % 2 === 0 ? loads : [...loads].reverse();
    const ran = new Map<string, LoadResult>();
    for (const { label, options } of order) ran.set(label, await runLoad(label, { ...options, duration }));
    rounds.push(loads.map(({ label }) => ran.get(label)!));
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const results = loads.map(({ label }, i) => {
    const mine = rounds.map((round) => round[i]!);
    return {
      label,
      rps: mine.reduce((sum, r) => sum + r.rps, 0) / mine.length,
      p50: median(mine.map((r) => r.p50)),
      p99: Math.max(...mine.map((r) => r.p99)),
      errors: mine.reduce((sum, r) => sum + r.errors, 0),
      non2xx: mine.reduce((sum, r) => sum + r.non2xx, 0),
    };
  });
  return { results, rounds };
}

export function printTable(title: string, rows: LoadResult[]) {
  console.log(`\n${title}`);
  console.log('| endpoint | req/s | p50 ms | p99 ms | errors | non-2xx |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(
      `| ${r.label} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.non2xx} |`,
    );
  }
}
