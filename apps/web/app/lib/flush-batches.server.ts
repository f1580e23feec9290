import { pipeline, Transform, type Readable } from 'node:stream';

/**
 * React writes a page in pieces of at most 4 kB and calls its destination's `flush()` once it has written
 * all it has for now: the shell, then each streamed part. Every piece used to travel alone through the
 * page's streams (the paint-first rewrite, React Router's web stream, the host's) and its compressor, which
 * flushes after every write so a part reaches the browser at once: 29 flushes for a one-way results page.
 * This destination passes what was written since the last `flush()` on as one piece, at that `flush()`:
 * the browser gets the same bytes at the same moment, in a few pieces.
 */
export function flushBatchesStream(): Transform & { flush(): void } {
  let pending: Buffer[] = [];
  const take = () => {
    const batch = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    return batch;
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      callback();
    },
    flush(callback) {
      callback(null, pending.length > 0 ? take() : null);
    },
  });
  return Object.assign(stream, {
    flush() {
      if (pending.length > 0) stream.push(take());
    },
  });
}

/**
 * The page's streams: React writes into `destination` (batched by its flushes), and `body` (after `next`, the
 * paint-first rewrite) is what goes out. An error or early close of either end (a visitor who leaves mid-page)
 * ends both, and is not thrown: React is told through its destination, and the host already saw the socket close.
 */
export function pageStreams(next?: Transform): {
  destination: Transform & { flush(): void };
  body: Readable;
} {
  const destination = flushBatchesStream();
  if (!next) return { destination, body: destination };
  pipeline(destination, next, () => {});
  return { destination, body: next };
}
