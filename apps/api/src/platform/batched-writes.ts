/**
 * What a process gathers in memory and writes in batches (the searches counted per day, the offers sampled for
 * the pricing rules' preview), so a request costs no write of its own: one write at a time, every `everyMs` once
 * started, on demand (before a reader needs what was gathered), and a last one when stopped.
 */
export interface BatchedWrites {
  /** Writes what was gathered so far (a caller during a write waits for it, then writes again). */
  flush(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

export function batchedWrites(write: () => Promise<void>, everyMs: number): BatchedWrites {
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  async function flush(): Promise<void> {
    while (flushing) await flushing;
    flushing = write().finally(() => {
      flushing = undefined;
    });
    await flushing;
  }
  return {
    flush,
    start() {
      timer = setInterval(() => void flush(), everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
