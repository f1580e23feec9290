import { errorText, type ServiceLog } from './log.ts';

/**
 * A background worker's pass, run at most once at a time in this process: a call while a pass runs gets that
 * pass's promise, and with `rerun` also one more pass right after it (for work that arrived during the pass). A
 * failed pass is logged as `failure` and gives `fallback`: it never throws into a timer or a request.
 */
export function oneAtATime<T>(
  pass: () => Promise<T>,
  options: { log: Pick<ServiceLog, 'error'>; failure: string; fallback: T; rerun?: boolean },
) {
  let running: Promise<T> | undefined;
  let again = false;
  const run = (): Promise<T> => {
    if (running) {
      if (options.rerun) again = true;
      return running;
    }
    running = pass()
      .catch((error: unknown) => {
        options.log.error({ err: errorText(error) }, options.failure);
        return options.fallback;
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  };
  return {
    run,
    /** Drops a pending rerun and waits for the pass under way, if any (a worker's stop). */
    async settle(): Promise<void> {
      again = false;
      await running;
    },
  };
}
