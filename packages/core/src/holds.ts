/**
 * Caps on seats held by unpaid orders (docs/operations.md#unpaid-holds-and-order-links): without them one
 * client could hold a whole cabin with unpaid bookings and, booking again as holds expire, keep a flight off
 * sale for good. A client is recognised three ways — the contact email's mailbox, the client network and the
 * signed-in user — and under EACH of them its unpaid orders may hold at most `maxSeats` seats in at most
 * `maxUnpaidOrders` orders. Mailbox and network, not the spellings (docs/operations.md): `name+1@` and
 * `name+2@` are one inbox, the addresses of one IPv6 /64 one subscriber, so neither gives a fresh cap.
 * Pure: the caller reads the unpaid holds (and serialises concurrent bookings of the same client).
 */
import { canonicalMailbox } from './mailbox.ts';

export interface HoldLimits {
  /** Seats (seated passengers; infants sit on a lap) all unpaid orders of one client may hold. */
  maxSeats: number;
  /** Unpaid orders one client may have at once. */
  maxUnpaidOrders: number;
}

/** The client asking for a new hold. */
export interface HoldClient {
  /** Contact email of the booking, as typed: compared by its mailbox (`canonicalMailbox`). */
  email: string;
  /**
   * The client network key (apps/api/src/ip-network.ts: an IPv4 address, an IPv6 /64), compared as it is.
   * Null when unknown (then the IP does not count).
   */
  ip: string | null;
  /** Null when anonymous. */
  userId: string | null;
}

/** An unpaid order still holding seats. */
export interface UnpaidHold {
  orderId: string;
  seats: number;
  email: string;
  ip: string | null;
  userId: string | null;
  createdAt: Date;
}

export type HoldScope = 'email' | 'ip' | 'user';

export type HoldDecision =
  | { allowed: true }
  | {
      allowed: false;
      /** Which way of recognising the client hit the cap (the first one, in the order user, email, IP). */
      scope: HoldScope;
      /** Which cap: too many unpaid orders, or too many seats. */
      limit: 'orders' | 'seats';
      /**
       * The unpaid order the client should pay or cancel to book again: one of the signed-in user's when
       * there is one, else the newest that counts against the cap. Null when the new booking alone is
       * over the seat cap.
       */
      orderId: string | null;
      /** Whether `orderId` belongs to the signed-in client (so its page may be linked directly). */
      ownedByUser: boolean;
    };

function matches(hold: UnpaidHold, client: HoldClient, scope: HoldScope): boolean {
  switch (scope) {
    case 'user':
      return client.userId !== null && hold.userId === client.userId;
    case 'email':
      return canonicalMailbox(hold.email) === canonicalMailbox(client.email);
    case 'ip':
      return client.ip !== null && hold.ip === client.ip;
  }
}

const SCOPES: readonly HoldScope[] = ['user', 'email', 'ip'];

/** Whether `client` may hold `seats` more seats in one new unpaid order, given its unpaid holds. */
export function decideHold(
  client: HoldClient,
  seats: number,
  holds: readonly UnpaidHold[],
  limits: HoldLimits,
): HoldDecision {
  for (const scope of SCOPES) {
    if ((scope === 'user' && client.userId === null) || (scope === 'ip' && client.ip === null)) continue;
    const counted = holds.filter((hold) => matches(hold, client, scope));
    const held = counted.reduce((sum, hold) => sum + hold.seats, 0);
    const limit =
      counted.length + 1 > limits.maxUnpaidOrders
        ? 'orders'
        : held + seats > limits.maxSeats
          ? 'seats'
          : null;
    if (!limit) continue;
    const newestFirst = [...counted].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const owned = newestFirst.find((hold) => client.userId !== null && hold.userId === client.userId);
    const shown = owned ?? newestFirst[0];
    return {
      allowed: false,
      scope,
      limit,
      orderId: shown?.orderId ?? null,
      ownedByUser: owned !== undefined,
    };
  }
  return { allowed: true };
}
