import { expect, test } from 'vitest';
import { ensureLightColorMode, shouldReloadAfterChunkError, COLOR_MODE_KEY } from './shell.client.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    map,
  };
}

test('light colour mode is stored on first start and kept afterwards', () => {
  const storage = memoryStorage();
  expect(ensureLightColorMode(storage)).toBe('light');
  expect(storage.map.get(COLOR_MODE_KEY)).toBe('light');
  storage.setItem(COLOR_MODE_KEY, 'dark');
  expect(ensureLightColorMode(storage)).toBe('dark');
});

test('chunk-load failures reload once per path within 10 s', () => {
  const storage = memoryStorage();
  expect(shouldReloadAfterChunkError('/en', 1_000_000, storage)).toBe(true);
  expect(shouldReloadAfterChunkError('/en', 1_005_000, storage)).toBe(false);
  expect(shouldReloadAfterChunkError('/ru', 1_005_000, storage)).toBe(true);
  expect(shouldReloadAfterChunkError('/en', 1_010_001, storage)).toBe(true);
});
