import { describe, expect, test } from 'vitest';
import {
  ageOn,
  checkPassengerCounts,
  passengerList,
  passengerTypeOn,
  seatedPassengers,
} from './passengers.ts';

describe('passengers', () => {
  test('count rules', () => {
    expect(checkPassengerCounts({ adults: 1, children: 0, infants: 0 })).toBeNull();
    expect(checkPassengerCounts({ adults: 0, children: 1, infants: 0 })).toBe('no_adults');
    expect(checkPassengerCounts({ adults: 5, children: 4, infants: 0 })).toBeNull();
    expect(checkPassengerCounts({ adults: 5, children: 5, infants: 0 })).toBe('too_many_passengers');
    expect(checkPassengerCounts({ adults: 9, children: 0, infants: 9 })).toBeNull(); // infants have no seat
    expect(checkPassengerCounts({ adults: 2, children: 0, infants: 3 })).toBe('too_many_infants');
    expect(checkPassengerCounts({ adults: 1.5, children: 0, infants: 0 })).toBe('invalid_passengers');
    expect(checkPassengerCounts({ adults: 1, children: -1, infants: 0 })).toBe('invalid_passengers');
    expect(seatedPassengers({ adults: 2, children: 3, infants: 2 })).toBe(5);
  });

  test('passenger list ids and order', () => {
    expect(passengerList({ adults: 2, children: 1, infants: 1 })).toEqual([
      { id: 'pas_1', type: 'adult' },
      { id: 'pas_2', type: 'adult' },
      { id: 'pas_3', type: 'child' },
      { id: 'pas_4', type: 'infant' },
    ]);
  });

  test('type by age on the travel date (birthdays count from the day itself)', () => {
    expect(ageOn('2000-02-29', '2024-02-28')).toBe(23);
    expect(ageOn('2000-02-29', '2024-02-29')).toBe(24);
    expect(passengerTypeOn('2014-12-15', '2026-12-15')).toBe('adult');
    expect(passengerTypeOn('2014-12-16', '2026-12-15')).toBe('child');
    expect(passengerTypeOn('2024-12-15', '2026-12-15')).toBe('child');
    expect(passengerTypeOn('2024-12-16', '2026-12-15')).toBe('infant');
    expect(passengerTypeOn('2027-01-01', '2026-12-15')).toBeNull();
    expect(passengerTypeOn('2020-02-30', '2026-12-15')).toBeNull();
  });
});
