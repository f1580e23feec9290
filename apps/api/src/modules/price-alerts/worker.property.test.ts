/**
 * The price-alert schedule at any "now" of 2024–2032 (weighted towards month and year ends, 29 February, clock
 * changes and midnight in UTC, Tashkent and Istanbul): a due alert is re-priced and next due one interval later;
 * one not yet due is left alone; an alert whose departure date has passed at its origin (Tashkent's calendar, as
 * Intl tells it) ends as `expired` at that pass. The worker runs on PGlite with core's fixture network as its
 * flights; the reference price is 1 cent, so no pass ever emails and only the schedule is looked at.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@parvoz/db';
import { useTestDatabase } from '../../testing/started.ts';
import { dateIn, daysFromTo, instantArb, stepDays } from '@parvoz/core/dates-testing';
import { HORIZON_DAYS } from '@parvoz/core/schedule';
import { fixtureSupplier } from '@parvoz/core/search.fixture';
import type { FlightService } from '../search/index.ts';
import { createPriceAlertWorker } from './worker.ts';

const { supplier } = fixtureSupplier();
const flights = { supplier, soldSeatsSnapshot: async () => undefined } as unknown as FlightService;

const database = useTestDatabase();

/** Whether a TAS departure date can still be searched now: from Tashkent's today, for the horizon. */
function searchable(now: number, date: string): boolean {
  const ahead = daysFromTo(dateIn(now, 'Asia/Tashkent'), date);
  return ahead >= 0 && ahead < HORIZON_DAYS;
}

test('property: re-priced when due and next due an interval later; expired once the departure date has passed', async () => {
  const arb = fc
    .record({
      now: instantArb,
      intervalS: fc.constantFrom(3600, 21_600),
      // Departure days from Tashkent's today: just passed, today, soon, at the horizon's end.
      offset: fc.oneof(
        fc.integer({ min: -2, max: 3 }),
        fc.integer({ min: HORIZON_DAYS - 2, max: HORIZON_DAYS }),
      ),
      overdueMs: fc.integer({ min: 0, max: 3_600_000 }),
    })
    .chain((x) =>
      fc.record({
        x: fc.constant(x),
        // The second pass: before the alert is due again, just at it, or later (often past midnight).
        later: fc.oneof(
          fc.constantFrom(x.intervalS * 1000 - 1, x.intervalS * 1000),
          fc.integer({ min: 0, max: 3 * x.intervalS * 1000 }),
        ),
      }),
    );
  await fc.assert(
    fc.asyncProperty(arb, async ({ x, later }) => {
      const { db } = database;
      let clock = x.now;
      const intervalMs = x.intervalS * 1000;
      const worker = createPriceAlertWorker({
        db,
        flights,
        now: () => new Date(clock),
        log: { warn: () => undefined, error: () => undefined },
        config: { priceAlertIntervalSeconds: x.intervalS, priceAlertMinDropPercent: 5 },
        linkOrigin: () => 'https://parvoz.example',
        kickOutbox: () => undefined,
      });
      await db.delete(schema.priceAlerts);
      const departureDate = stepDays(dateIn(x.now, 'Asia/Tashkent'), x.offset);
      const [alert] = await db
        .insert(schema.priceAlerts)
        .values({
          email: 'watcher@example.com',
          lang: 'en',
          currency: 'USD',
          origin: 'TAS',
          destination: 'IST',
          departureDate,
          adults: 1,
          cabin: 'economy',
          status: 'active',
          referencePriceMinor: 1,
          nextCheckAt: new Date(x.now - x.overdueMs),
          createdAt: new Date(x.now - 86_400_000),
          confirmedAt: new Date(x.now - 86_400_000),
        })
        .returning();
      const read = async () =>
        (await db.select().from(schema.priceAlerts).where(eq(schema.priceAlerts.id, alert!.id)))[0]!;

      /** One pass at the clock: the alert was due at `checkedAt`, so it is checked then. */
      const expectChecked = async (checkedAt: number) => {
        const row = await read();
        expect(row.lastCheckedAt?.getTime()).toBe(checkedAt);
        if (searchable(checkedAt, departureDate)) {
          expect(row.status).toBe('active');
          expect(row.nextCheckAt.getTime()).toBe(checkedAt + intervalMs);
          expect(row.endedAt).toBeNull();
        } else {
          expect(row.status).toBe('expired');
          expect(row.endedAt?.getTime()).toBe(checkedAt);
        }
        return row;
      };

      expect((await worker.runOnce()).checked).toBe(1);
      const first = await expectChecked(x.now);

      clock = x.now + later;
      const second = await worker.runOnce();
      if (first.status === 'active' && later >= intervalMs) {
        expect(second.checked).toBe(1);
        await expectChecked(clock);
      } else {
        // Not due yet, or already ended: left as it was.
        expect(second.checked).toBe(0);
        expect(await read()).toEqual(first);
      }
      expect(second.emailed).toBe(0);
    }),
    { numRuns: 80 },
  );
});
