import { describe, expect, test } from 'vitest';
import { PAGE_WEIGHT_TOLERANCE, pageWeightProblems } from './page-weight.ts';

describe('the page-weight guard (scripts/page-weight.ts)', () => {
  const recorded = { 'route:routes/home': 100_000, 'messages:uz': 20_000 };

  test('a page up to 5 % past its record passes; one byte more fails with the page, its size and its growth', () => {
    expect(PAGE_WEIGHT_TOLERANCE).toBe(0.05);
    expect(pageWeightProblems({ 'route:routes/home': 105_000, 'messages:uz': 21_000 }, recorded)).toEqual([]);
    expect(pageWeightProblems({ 'route:routes/home': 105_001, 'messages:uz': 19_000 }, recorded)).toEqual([
      'route:routes/home: 105001 B, over its record 100000 B by 5.0 %',
    ]);
    expect(pageWeightProblems({ 'route:routes/home': 90_000, 'messages:uz': 25_000 }, recorded)).toEqual([
      'messages:uz: 25000 B, over its record 20000 B by 25.0 %',
    ]);
  });

  test('a page the record does not know fails until it is recorded on purpose', () => {
    expect(pageWeightProblems({ 'route:routes/new-page': 1 }, recorded)).toEqual([
      'route:routes/new-page: 1 B, not recorded (node scripts/page-weight.ts --record)',
    ]);
  });
});
