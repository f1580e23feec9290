import { describe, expect, test } from 'vitest';
import { greatCircleKm, haversineRad, toRadians } from './geo.ts';

describe('greatCircleKm', () => {
  test('known airport distances (±1 %)', () => {
    // LHR–JFK ≈ 5,540 km; TAS–IST ≈ 3,430 km; SYD–LAX ≈ 12,050 km.
    expect(greatCircleKm(51.4706, -0.4619, 40.6398, -73.7789)).toBeCloseTo(5540, -2);
    expect(Math.abs(greatCircleKm(41.2579, 69.2812, 41.2753, 28.7519) - 3390) / 3390).toBeLessThan(0.02);
    expect(Math.abs(greatCircleKm(-33.9461, 151.1772, 33.9425, -118.4081) - 12050) / 12050).toBeLessThan(
      0.01,
    );
  });
  test('zero, symmetry, antipodes', () => {
    expect(greatCircleKm(10, 20, 10, 20)).toBe(0);
    expect(greatCircleKm(1, 2, 3, 4)).toBeCloseTo(greatCircleKm(3, 4, 1, 2), 9);
    expect(greatCircleKm(0, 0, 0, 180)).toBeCloseTo(Math.PI * 6371.0088, 3);
    expect(haversineRad(toRadians(0), 0, 0, toRadians(90))).toBeCloseTo((Math.PI / 2) * 6371.0088, 3);
  });
});
