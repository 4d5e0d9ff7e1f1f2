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

export async function runLoad(
  label: string,
  options: {
    url: string;
    connections: number;
    duration: number;
    requests?: autocannon.Request[];
    headers?: Record<string, string>;
  },
): Promise<LoadResult> {
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
