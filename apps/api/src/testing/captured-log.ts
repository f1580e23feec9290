import { Writable } from 'node:stream';

/**
 * A log stream for tests that read what was logged: pass `stream` as the API's `logStream` (or to pino), then
 * read `lines`, one entry per line written.
 */
export function capturedLog(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}
