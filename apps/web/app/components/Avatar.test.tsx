import { expect, test } from 'vitest';
import { initialsOf } from './Avatar.tsx';

test.each([
  ['Dilnoza Karimova', 'DK'],
  ['ali', 'A'],
  ['  Ýusuf  Ali  Bek ', 'ÝA'],
  ['şule yılmaz', 'ŞY'],
  ['', ''],
])('initials of %j are %j', (alt, expected) => {
  expect(initialsOf(alt)).toBe(expected);
});
