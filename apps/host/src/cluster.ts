/**
 * Several processes on one port (node:cluster; docs/operations.md#scaling-out): the primary forks the
 * workers, which each run the whole server (web, API, background workers) and share the listening socket.
 * State lives in PostgreSQL, so any worker may answer any request; the few things a process would otherwise
 * make up for itself (the internal credential between the web half and the API) are fixed here for all of
 * them.
 */
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { pino } from 'pino';
import type { ServerConfig } from './config.ts';
import { loggerOptions } from '@parvoz/api/logging';

/** PARVOZ_WORKERS, else one per core with PostgreSQL and one with the embedded database. */
export function workerCount(config: Pick<ServerConfig, 'PARVOZ_WORKERS' | 'DATABASE_URL'>): number {
  return config.PARVOZ_WORKERS ?? (config.DATABASE_URL ? availableParallelism() : 1);
}

/** A worker that dies is replaced, unless workers keep dying (then the whole server stops with an error). */
const RESTART_WINDOW_MS = 60_000;
const MAX_RESTARTS_IN_WINDOW = 5;

/** Runs the primary: forks `count` workers, replaces crashed ones, and passes SIGTERM/SIGINT on to drain. */
export function runPrimary(count: number, config: Pick<ServerConfig, 'LOG_LEVEL'>): void {
  const log = pino(loggerOptions(config.LOG_LEVEL));
  // Every worker's web half must be believed by every worker's API (apps/api/src/client-ip.ts).
  process.env.PARVOZ_INTERNAL_TOKEN ||= randomBytes(32).toString('base64url');
  let stopping = false;
  let exitCode = 0;
  const restarts: number[] = [];

  const fork = () => cluster.fork({ PARVOZ_WORKER: '1' });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS_IN_WINDOW) {
      log.fatal({ pid: worker.process.pid, code, signal }, 'workers keep exiting: stopping the server');
      stopping = true;
      exitCode = 1;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'worker exited: starting another');
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, workers: count }, 'shutting down: draining every worker');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  log.info({ workers: count }, `starting ${count} workers`);
  for (let i = 0; i < count; i++) fork();
}

export const isClusterWorker = () => cluster.isWorker;
