import { expect, test } from 'vitest';
import { airlineMark, contrastRatio, MARK_BACKGROUNDS } from './airline-marks.ts';

test('every mark colour has its code readable on it (WCAG AA, 4.5:1)', () => {
  for (const background of MARK_BACKGROUNDS) {
    const mark = airlineMark('XX');
    expect(mark.text).toBe('XX');
    const best = Math.max(contrastRatio(background, '#ffffff'), contrastRatio(background, '#111827'));
    expect(best, background).toBeGreaterThanOrEqual(4.5);
  }
  for (const code of ['HY', 'TK', 'SU', 'S7', 'PC', 'KC', 'J2', 'U6', '7J', 'B2']) {
    const mark = airlineMark(code);
    expect(contrastRatio(mark.background, mark.foreground), code).toBeGreaterThanOrEqual(4.5);
  }
});

test('livery colours for the market’s airlines; the same colour for a code on every call; codes spread out', () => {
  expect(airlineMark('HY').background).toBe('#1b4e9b');
  expect(airlineMark('tk')).toEqual(airlineMark('TK'));
  expect(airlineMark('PC').foreground).toBe('#111827');
  expect(airlineMark('KC')).toEqual(airlineMark('KC'));
  const colours = new Set(
    ['KC', 'J2', 'U6', '7J', 'B2', 'DV', 'ZM', 'QH', 'UT', 'XQ'].map((c) => airlineMark(c).background),
  );
  expect(colours.size).toBeGreaterThanOrEqual(5);
});

test('contrast ratio: black on white is 21, a colour on itself 1', () => {
  expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrastRatio('#1d4ed8', '#1d4ed8')).toBe(1);
});
