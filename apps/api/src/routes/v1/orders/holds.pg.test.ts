/**
 * On real PostgreSQL, with two API instances (each its own pool) on one database: bookings of one client
 * sent at once cannot slip past the hold caps (docs/operations.md#unpaid-holds-and-order-links) together,
 * however they are spread over instances.
 */
import { expect, test } from 'vitest';
import { useTwoTestApis } from '../../../testing/api.ts';
import { ANON, bookingBody, isoDay, searchOffer } from '../../../testing/booking.ts';
import { countOrders } from '../../../modules/orders/testing/fixtures.ts';

const start = Date.UTC(2026, 10, 23, 6, 0);
const now = () => new Date(start);
// The default caps: 9 seats, 2 unpaid orders per email, IP and user.
const pair = useTwoTestApis({ rateLimitScale: 1000 }, { now });

test('60 bookings of one email at once, from 60 IPs over two instances: exactly 2 unpaid orders', async () => {
  const offer = await searchOffer(pair.apps[0]!, { date: isoDay(start, 50) });
  const email = 'race@example.com';
  const answers = await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      pair.apps[i % 2]!.inject({
        method: 'POST',
        url: '/v1/orders',
        remoteAddress: `198.51.100.${i + 1}`,
        headers: { ...ANON, 'idempotency-key': `hold-race-${i}` },
        payload: bookingBody(offer, {
          contact: { full_name: 'Race Runner', email, phone: '+998 90 123 45 67' },
        }),
      }),
    ),
  );
  const statuses = answers.map((a) => a.statusCode);
  expect(statuses.filter((s) => s === 201)).toHaveLength(2);
  expect(statuses.filter((s) => s === 422)).toHaveLength(58);
  expect(await countOrders(pair.database.db, { contactEmail: email })).toBe(2);
}, 60_000);

test('60 bookings from one IP at once with 60 emails: exactly 2 unpaid orders', async () => {
  const offer = await searchOffer(pair.apps[0]!, { date: isoDay(start, 51) });
  const answers = await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      pair.apps[i % 2]!.inject({
        method: 'POST',
        url: '/v1/orders',
        remoteAddress: '203.0.113.99',
        headers: { ...ANON, 'idempotency-key': `hold-ip-race-${i}` },
        payload: bookingBody(offer, {
          contact: {
            full_name: 'Race Runner',
            email: `ip-race-${i}@example.com`,
            phone: '+998 90 123 45 67',
          },
        }),
      }),
    ),
  );
  expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
  expect(await countOrders(pair.database.db, { clientIp: '203.0.113.99' })).toBe(2);
}, 60_000);
