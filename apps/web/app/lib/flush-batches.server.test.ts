import { expect, test } from 'vitest';
import { PassThrough } from 'node:stream';
import { flushBatchesStream, pageStreams } from './flush-batches.server.ts';

const pieces = (stream: NodeJS.ReadableStream) => {
  const seen: string[] = [];
  stream.on('data', (chunk: Buffer) => seen.push(chunk.toString()));
  return seen;
};

test('what was written between flushes comes out as one piece at each flush, then the rest at the end', async () => {
  const stream = flushBatchesStream();
  const seen = pieces(stream);
  stream.write('<html>');
  stream.write(new Uint8Array(Buffer.from('<body>')));
  await new Promise((resolve) => setImmediate(resolve));
  expect(seen).toEqual([]);
  stream.flush();
  await new Promise((resolve) => setImmediate(resolve));
  expect(seen).toEqual(['<html><body>']);
  stream.flush();
  stream.write('<p>part</p>');
  stream.write('</body>');
  stream.flush();
  stream.write('</html>');
  stream.end();
  await new Promise((resolve) => stream.on('end', resolve));
  expect(seen).toEqual(['<html><body>', '<p>part</p></body>', '</html>']);
});

test('a page React renders through it arrives whole, its shell before a part still pending', async () => {
  const { renderToPipeableStream } = await import('react-dom/server');
  const { createElement, Suspense, use } = await import('react');
  let resolvePart!: (text: string) => void;
  const part = new Promise<string>((resolve) => (resolvePart = resolve));
  const Part = () => createElement('p', null, use(part));
  const stream = flushBatchesStream();
  const seen = pieces(stream);
  const ended = new Promise((resolve) => stream.on('end', resolve));
  await new Promise<void>((resolve) => {
    const { pipe } = renderToPipeableStream(
      createElement(
        'main',
        null,
        'shell',
        createElement(Suspense, { fallback: 'waiting' }, createElement(Part)),
      ),
      {
        onShellReady() {
          pipe(stream);
          resolve();
        },
      },
    );
  });
  await new Promise((resolve) => setImmediate(resolve));
  expect(seen.join('')).toContain('shell');
  expect(seen.join('')).not.toContain('the part');
  resolvePart('the part');
  await ended;
  expect(seen.join('')).toContain('<p>the part</p>');
  expect(seen.length).toBeLessThanOrEqual(3);
});

test('a visitor who leaves mid-page ends both streams, with no error thrown', async () => {
  const { destination, body } = pageStreams(new PassThrough());
  const seen = pieces(body);
  destination.write('<html>');
  destination.flush();
  await new Promise((resolve) => setImmediate(resolve));
  expect(seen).toEqual(['<html>']);
  const closed = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
  body.destroy(closed);
  await new Promise((resolve) => setImmediate(resolve));
  expect(destination.destroyed).toBe(true);
  // React may still write what it had (a later part) before it learns the destination is gone.
  destination.write('<p>late</p>');
  destination.flush();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(seen).toEqual(['<html>']);
});
