import { describe, expect, test } from 'vitest';
import { decideHold, type HoldClient, type UnpaidHold } from './holds.ts';

const LIMITS = { maxSeats: 9, maxUnpaidOrders: 2 };
const anonymous: HoldClient = { email: 'a@example.com', ip: '203.0.113.5', userId: null };
let clock = 0;
function hold(over: Partial<UnpaidHold>): UnpaidHold {
  clock += 1000;
  return {
    orderId: `ord_${clock}`,
    seats: 1,
    email: 'someone@example.com',
    ip: '198.51.100.1',
    userId: null,
    createdAt: new Date(clock),
    ...over,
  };
}

describe('decideHold', () => {
  test('a client with no unpaid orders may hold up to the seat cap in one order, not more', () => {
    expect(decideHold(anonymous, 9, [], LIMITS)).toEqual({ allowed: true });
    expect(decideHold(anonymous, 10, [], LIMITS)).toEqual({
      allowed: false,
      scope: 'email',
      limit: 'seats',
      orderId: null,
      ownedByUser: false,
    });
  });

  test('the order cap counts unpaid orders under the same email, IP or user; others do not count', () => {
    const strangers = [hold({}), hold({}), hold({})];
    expect(decideHold(anonymous, 1, strangers, LIMITS).allowed).toBe(true);

    const sameEmail = [hold({ email: anonymous.email }), hold({ email: anonymous.email })];
    const byEmail = decideHold(anonymous, 1, [...strangers, ...sameEmail], LIMITS);
    expect(byEmail).toMatchObject({ allowed: false, scope: 'email', limit: 'orders' });
    // The newest order of the client is the one to pay or cancel.
    expect(byEmail.allowed === false && byEmail.orderId).toBe(sameEmail[1]!.orderId);

    const sameIp = [hold({ ip: anonymous.ip }), hold({ ip: anonymous.ip })];
    expect(decideHold(anonymous, 1, sameIp, LIMITS)).toMatchObject({ allowed: false, scope: 'ip' });
    // An unknown IP never matches another unknown IP.
    const noIp = { ...anonymous, ip: null };
    expect(decideHold(noIp, 1, [hold({ ip: null }), hold({ ip: null })], LIMITS).allowed).toBe(true);

    const user: HoldClient = { email: 'u@example.com', ip: '192.0.2.9', userId: 'u1' };
    const sameUser = [hold({ userId: 'u1' }), hold({ userId: 'u1' })];
    expect(decideHold(user, 1, sameUser, LIMITS)).toMatchObject({
      allowed: false,
      scope: 'user',
      ownedByUser: true,
      orderId: sameUser[1]!.orderId,
    });
    // Anonymous orders never match a "null user".
    expect(decideHold(anonymous, 1, [hold({}), hold({})], LIMITS).allowed).toBe(true);
  });

  test('the seat cap adds the seats of every unpaid order of the client', () => {
    const five = [hold({ email: anonymous.email, seats: 5 })];
    expect(decideHold(anonymous, 4, five, LIMITS).allowed).toBe(true);
    expect(decideHold(anonymous, 5, five, LIMITS)).toMatchObject({
      allowed: false,
      scope: 'email',
      limit: 'seats',
      orderId: five[0]!.orderId,
    });
  });

  test('a signed-in client is shown its own order even when another one is newer', () => {
    const user: HoldClient = { email: 'u@example.com', ip: '192.0.2.9', userId: 'u1' };
    const mine = hold({ ip: user.ip, userId: 'u1', email: 'other@example.com' });
    const theirs = hold({ ip: user.ip });
    const decision = decideHold(user, 1, [mine, theirs], LIMITS);
    expect(decision).toMatchObject({ allowed: false, scope: 'ip', orderId: mine.orderId, ownedByUser: true });
  });

  test('the caps are configurable', () => {
    const one = [hold({ email: anonymous.email, seats: 2 })];
    expect(decideHold(anonymous, 2, one, { maxSeats: 30, maxUnpaidOrders: 5 }).allowed).toBe(true);
    expect(decideHold(anonymous, 1, one, { maxSeats: 30, maxUnpaidOrders: 1 })).toMatchObject({
      allowed: false,
      limit: 'orders',
    });
  });

  test('the email counts as its mailbox: plus-aliases and case variants are one client', () => {
    const holds = [hold({ email: 'a+1@example.com' }), hold({ email: 'A+2@Example.com' })];
    expect(decideHold({ ...anonymous, email: 'a+3@example.com' }, 1, holds, LIMITS)).toMatchObject({
      allowed: false,
      scope: 'email',
      limit: 'orders',
    });
    expect(decideHold({ ...anonymous, email: 'ab@example.com' }, 1, holds, LIMITS)).toEqual({
      allowed: true,
    });
  });
});
