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

test('every information page and the settings page of routes.ts is warmed by the shell prefetch', async () => {
  const { isShellLinkRoute } = await import('./shell.client.ts');
  const { default: routes } = await import('../routes.ts');
  type Entry = { id?: string; file: string; children?: Entry[] };
  const all = (entries: Entry[]): Entry[] => entries.flatMap((e) => [e, ...all(e.children ?? [])]);
  // React Router's default id is the module's path under app/ without its extension.
  const ids = all(routes as Entry[]).map((e) => e.id ?? e.file.replace(/\.tsx?$/, ''));
  const info = ids.filter((id) => id.startsWith('info-') || id.startsWith('routes/info/'));
  expect(info.length).toBeGreaterThanOrEqual(7);
  expect(info.filter((id) => !isShellLinkRoute(id))).toEqual([]);
  expect(isShellLinkRoute('routes/site/settings')).toBe(true);
  expect(isShellLinkRoute('routes/flights/booking')).toBe(false);
});
