import { expect, test } from 'vitest';
import { itineraryText } from './receipt-pdf.ts';

// The receipt's itinerary line (docs/design.md, "Multi-city"): every leg, chained where one starts where the last
// ended; each place as the receipt names it, with its code.
test('one way, a round trip, a multi-city trip and an open jaw', () => {
  const leg = (origin: string, destination: string) => ({ origin, destination });
  const [tas, ist, ayt] = ['Tashkent (TAS)', 'Istanbul (IST)', 'Antalya (AYT)'];
  expect(itineraryText('en', [leg('TAS', 'IST')])).toBe(`${tas} → ${ist}`);
  expect(itineraryText('en', [leg('TAS', 'IST'), leg('IST', 'TAS')])).toBe(`${tas} → ${ist} → ${tas}`);
  expect(itineraryText('en', [leg('TAS', 'IST'), leg('IST', 'AYT'), leg('AYT', 'TAS')])).toBe(
    `${tas} → ${ist} → ${ayt} → ${tas}`,
  );
  expect(itineraryText('en', [leg('TAS', 'IST'), leg('AYT', 'TAS')])).toBe(
    `${tas} → ${ist}, ${ayt} → ${tas}`,
  );
});
