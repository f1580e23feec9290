import { expect, test } from 'vitest';
import { isRoundTrip, legLabel } from './trip-legs.ts';

const t = (key: string, values?: { number: number }) => (values ? `${key} ${values.number}` : key);
const leg = (origin: string, destination: string) => ({ origin, destination });

test('out and back is a round trip; an open jaw or more legs are flights by number', () => {
  expect(isRoundTrip([leg('TAS', 'IST'), leg('IST', 'TAS')])).toBe(true);
  expect(isRoundTrip([leg('TAS', 'IST'), leg('AYT', 'TAS')])).toBe(false);
  expect(isRoundTrip([leg('TAS', 'IST')])).toBe(false);
  expect(legLabel(t, 0, [leg('TAS', 'IST')])).toBe('search.details.outbound');
  expect(legLabel(t, 1, [leg('TAS', 'IST'), leg('IST', 'TAS')])).toBe('search.details.return');
  expect(legLabel(t, 1, [leg('TAS', 'IST'), leg('AYT', 'TAS')])).toBe('search.multiCity.leg 2');
  expect(legLabel(t, 0, [leg('TAS', 'IST'), leg('IST', 'AYT'), leg('AYT', 'TAS')])).toBe(
    'search.multiCity.leg 1',
  );
});
