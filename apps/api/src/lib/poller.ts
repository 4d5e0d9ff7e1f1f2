/**
 * Runs a job now and then every `intervalMs` after the previous run ends (never two at once), until stopped;
 * `stop` waits for the run in progress. The job's errors are logged, never thrown: the next run tries again.
 */
export type Poller = {
  start(): void;
  stop(): Promise<void>;
  /** Runs the job again as soon as possible (right after the run in progress, if any). */
  wake(): void;
  readonly running: boolean;
};

export function createPoller(
  job: () => Promise<unknown>,
  options: { intervalMs: number; onError: (error: unknown) => void },
): Poller {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | undefined;
  let active = false;
  let again = false;

  function schedule(delay: number) {
    if (!active) return;
    timer = setTimeout(() => {
      again = false;
      current = job()
        .catch(options.onError)
        .finally(() => {
          current = undefined;
          schedule(again ? 0 : options.intervalMs);
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
    wake() {
      if (!active) return;
      if (current) {
        again = true;
        return;
      }
      clearTimeout(timer);
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
