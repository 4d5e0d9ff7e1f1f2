/**
 * Runs a job now and then every `intervalMs` after the previous run ends (never two at once), until stopped;
 * `stop` waits for the run in progress. The job's errors are logged, never thrown: the next run tries again.
 */
export type Poller = { start(): void; stop(): Promise<void>; readonly running: boolean };

export function createPoller(
  job: () => Promise<unknown>,
  options: { intervalMs: number; onError: (error: unknown) => void },
): Poller {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | undefined;
  let active = false;

  function schedule(delay: number) {
    if (!active) return;
    timer = setTimeout(() => {
      current = job()
        .catch(options.onError)
        .finally(() => {
          current = undefined;
          schedule(options.intervalMs);
        });
    }, delay);
    timer.unref?.();
  }

  return {
    get running() {
      return active;
    },
    start() {
      if (active) return;
      active = true;
      schedule(0);
    },
    async stop() {
      active = false;
      clearTimeout(timer);
      timer = undefined;
      await current;
    },
  };
}
