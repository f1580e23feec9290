import { expect, test } from 'vitest';
import { createLimiter } from './limiter.ts';

test('never runs more than the limit at once and runs every task', async () => {
  const run = createLimiter(5);
  let active = 0;
  let peak = 0;
  const results = await Promise.all(
    Array.from({ length: 23 }, (_, i) =>
      run(async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 1 + (i % 3)));
        active--;
        return i;
      }),
    ),
  );
  expect(peak).toBe(5);
  expect(results).toEqual(Array.from({ length: 23 }, (_, i) => i));
});

test('a failing task frees its slot', async () => {
  const run = createLimiter(1);
  await expect(run(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
  await expect(run(async () => 'ok')).resolves.toBe('ok');
});
