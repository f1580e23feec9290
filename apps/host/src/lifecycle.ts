/**
 * Graceful shutdown (docs/operations.md#stopping-and-deploying). On SIGTERM the host drains: every new
 * request is answered 503 with `Connection: close` and `Retry-After` (a load balancer or the web's API client
 * retries elsewhere), the requests in flight finish (and the API calls they make to this same process still
 * pass, recognised by their request id), then the server closes: no more connections, background workers
 * stopped, the database closed. After `timeoutMs` the connections still open are cut; closing that takes
 * `timeoutMs` more is given up (`forced`: the process exits anyway).
 */
import type { FastifyInstance } from 'fastify';

export type Drain = {
  readonly draining: boolean;
  /** Requests being answered right now. */
  readonly inFlight: number;
  /** Drains and closes the app; `forced` when the timeout cut connections. Idempotent. */
  shutdown(): Promise<{ forced: boolean }>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The host's drain (server.ts); absent on API-only test hosts. */
    drain: Drain;
  }
}

export const RETRY_AFTER_SECONDS = 1;
const UNAVAILABLE = JSON.stringify({
  error: { code: 'unavailable', message: 'The server is restarting. Please try again.' },
});

/** Installs the drain on the root instance; call it before registering anything else. */
export function installDrain(app: FastifyInstance, options: { timeoutMs: number }): Drain {
  let draining = false;
  let count = 0;
  /** Request id → how many requests with that id are in flight (a page and the API calls it makes share one). */
  const ids = new Map<string, number>();
  let onIdle: (() => void) | undefined;
  let closing: Promise<{ forced: boolean }> | undefined;

  app.addHook('onRequest', (request, reply, done) => {
    const id = String(request.id);
    if (draining && !ids.has(id)) {
      reply.raw.shouldKeepAlive = false;
      reply
        .status(503)
        .header('connection', 'close')
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(UNAVAILABLE);
      return;
    }
    count++;
    ids.set(id, (ids.get(id) ?? 0) + 1);
    reply.raw.once('close', () => {
      count--;
      const left = (ids.get(id) ?? 1) - 1;
      if (left > 0) ids.set(id, left);
      else ids.delete(id);
      if (count === 0) onIdle?.();
    });
    done();
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) {
      reply.header('connection', 'close');
      reply.raw.shouldKeepAlive = false;
    }
    return payload;
  });

  async function shutdown(): Promise<{ forced: boolean }> {
    draining = true;
    const idle = new Promise<boolean>((resolve) => {
      if (count === 0) resolve(true);
      else onIdle = () => resolve(true);
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), options.timeoutMs);
    });
    const drained = await Promise.race([idle, timeout]);
    clearTimeout(timer);
    if (!drained) {
      app.log.warn({ inFlight: count }, 'drain timed out: closing the remaining connections');
      app.server.closeAllConnections();
    }
    // Stops accepting, closes idle keep-alive connections, then runs the onClose hooks (workers, database). Closing
    // gets as long again: a part that never finishes (a worker waiting on a call, a pool waiting for a client)
    // must not keep the process from exiting, which a deploy would then have to kill.
    let closeTimer: NodeJS.Timeout | undefined;
    const closedInTime = await Promise.race([
      app.close().then(() => true),
      new Promise<boolean>((resolve) => {
        closeTimer = setTimeout(() => resolve(false), options.timeoutMs);
      }),
    ]);
    clearTimeout(closeTimer);
    if (!closedInTime) {
      app.log.error({ afterMs: options.timeoutMs }, 'closing timed out: exiting with parts still open');
      app.server.closeAllConnections();
      return { forced: true };
    }
    return { forced: !drained };
  }

  return {
    get draining() {
      return draining;
    },
    get inFlight() {
      return count;
    },
    shutdown: () => (closing ??= shutdown()),
  };
}
