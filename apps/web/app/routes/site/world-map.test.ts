import { expect, test } from 'vitest';
import { MAP_HEIGHT, MAP_WIDTH, projectPoint } from '../flights/anywhere-map-projection.ts';
import { viewOf } from '../flights/anywhere-map.tsx';
import { loader } from './world-map.ts';

// The "anywhere" map (docs/anywhere.md): the land drawn once in the page's projection, and the part of it a page shows.
test('the land is one path in the map’s frame, kept by browsers for a day, no line across the world', async () => {
  const response = loader();
  expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
  const svg = await response.text();
  expect(svg).toContain(`viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}"`);
  const path = /<path [^>]*d="([^"]+)"/.exec(svg)![1]!;
  // Rings that cross the antimeridian start a new subpath there: no drawn segment spans half the map.
  let widest = 0;
  for (const run of path.split('M').filter(Boolean)) {
    const xs = run
      .replace(/Z$/, '')
      .split('L')
      .map((point) => Number(point.split(' ')[0]));
    for (let i = 1; i < xs.length; i++) widest = Math.max(widest, Math.abs(xs[i]! - xs[i - 1]!));
  }
  expect(widest).toBeLessThan(MAP_WIDTH / 2);
  expect(path.length).toBeGreaterThan(10_000);
  // Drawn once per process.
  expect(await loader().text()).toBe(svg);
});

test('a page shows the part of the map its points are in, at the map’s proportions and within it', () => {
  const tashkent = projectPoint(41.26, 69.28);
  const istanbul = projectPoint(41.0, 28.8);
  const [x, y, width, height] = viewOf([tashkent, istanbul]);
  expect(width / height).toBeCloseTo(MAP_WIDTH / MAP_HEIGHT, 1);
  for (const p of [tashkent, istanbul]) {
    expect(p.x).toBeGreaterThan(x);
    expect(p.x).toBeLessThan(x + width);
    expect(p.y).toBeGreaterThan(y);
    expect(p.y).toBeLessThan(y + height);
  }
  // Points across the world: the whole map, never more.
  expect(viewOf([projectPoint(60, -170), projectPoint(-50, 175)])).toEqual([0, 0, MAP_WIDTH, MAP_HEIGHT]);
});
