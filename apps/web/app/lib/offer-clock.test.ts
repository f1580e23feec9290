import { describe, expect, test } from 'vitest';
import { formatTimeLeft, minutesToAnnounce } from './offer-clock.ts';

describe('offer clock', () => {
  test('announces 5 and 1 minutes left once each, only when crossed on the page', () => {
    expect(minutesToAnnounce(301, 300)).toBe(5);
    expect(minutesToAnnounce(302, 299)).toBe(5);
    expect(minutesToAnnounce(300, 299)).toBeNull();
    expect(minutesToAnnounce(61, 60)).toBe(1);
    expect(minutesToAnnounce(120, 119)).toBeNull();
    // A tab woken after a long sleep: only the nearest threshold, and never at expiry (the page says it then).
    expect(minutesToAnnounce(900, 30)).toBe(1);
    expect(minutesToAnnounce(90, 0)).toBeNull();
  });

  test('formats minutes and seconds', () => {
    expect(formatTimeLeft(1200)).toBe('20:00');
    expect(formatTimeLeft(65)).toBe('1:05');
    expect(formatTimeLeft(0)).toBe('0:00');
  });
});
