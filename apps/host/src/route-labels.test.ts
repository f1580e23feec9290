import { expect, test } from 'vitest';
import { keptRouteLabels } from './route-labels.ts';

test('a path is labelled once while kept, with the same label as asked afresh', () => {
  const asked: string[] = [];
  const label = keptRouteLabels((pathname) => {
    asked.push(pathname);
    return pathname.startsWith('/en/flight/') ? '/:lang/flight/:search' : '/*';
  });
  expect(label('/en/flight/TAS2812IST1')).toBe('/:lang/flight/:search');
  expect(label('/en/flight/TAS2812IST1')).toBe('/:lang/flight/:search');
  expect(label('/nowhere')).toBe('/*');
  expect(asked).toEqual(['/en/flight/TAS2812IST1', '/nowhere']);
});

test('beyond its size the oldest path is forgotten and labelled again when asked', () => {
  const asked: string[] = [];
  const label = keptRouteLabels((pathname) => {
    asked.push(pathname);
    return pathname.toUpperCase();
  }, 3);
  for (const path of ['/a', '/b', '/c', '/d']) label(path);
  expect(label('/d')).toBe('/D');
  expect(label('/b')).toBe('/B');
  expect(asked).toEqual(['/a', '/b', '/c', '/d']);
  expect(label('/a')).toBe('/A');
  expect(asked).toEqual(['/a', '/b', '/c', '/d', '/a']);
});
