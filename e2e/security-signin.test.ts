/**
 * Idempotency keys per caller and sign-in abuse limits (docs/operations.md) against a started server (its own
 * embedded database, real SMTP): another client's Idempotency-Key replays and reveals nothing, and a stranger
 * guessing codes for someone's email locks out only themselves. Different clients are different loopback
 * source addresses (127.0.0.2, 127.0.0.3, …), never a header naming the client, so nothing here leans on a
 * header the server must not trust.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Offer } from '@parvoz/core/search-types';
import { type MessageKey } from '@parvoz/i18n/messages';
import { bookingBody } from '../apps/api/src/testing/booking.ts';
import { gotoHydrated, launchBrowser } from './support/browser.ts';
import { startSite, type RunningSite, stopSuite } from './support/server.ts';
import { codeOf, startSmtpServer, type TestSmtpServer } from './support/smtp.ts';
import { en as m } from './support/messages.ts';
import { isoDay } from './support/dates.ts';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';

const ANONYMOUS_TOKEN = 'e2e-security-anonymous-credential';
/** SIGNIN_RESEND_SECONDS: a new code may be asked for this soon (a minute by default; tests need not wait that long). */
const RESEND_SECONDS = 2;
/** Lets the resend window of the last code pass (time is what is under test here, so this waits for time). */
const afterResendWindow = () => sleep(RESEND_SECONDS * 1000 + 250);
let site: RunningSite;
let smtp: TestSmtpServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // RATE_LIMIT_SCALE=1: the real per-network limits.
  site = await startSite({
    SMTP_URL: smtp.url,
    RATE_LIMIT_SCALE: '1',
    PARVOZ_ANONYMOUS_TOKEN: ANONYMOUS_TOKEN,
    SIGNIN_RESEND_SECONDS: String(RESEND_SECONDS),
  });
  browser = await launchBrowser();
});

afterAll(() => stopSuite(site, browser, smtp));

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One API call from the loopback address `from` (the client's own address as the server sees it). */
function call(
  from: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const url = new URL(path, site.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method,
        localAddress: from,
        headers: {
          authorization: `Bearer ${ANONYMOUS_TOKEN}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: text ? JSON.parse(text) : null,
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** A one-adult offer without transfers, some weeks ahead. */
async function findOffer(): Promise<Offer> {
  for (const days of [40, 41, 42, 43]) {
    const departure = isoDay(days);
    const search = await call('127.0.0.1', 'POST', '/v1/flights/search', {
      slices: [{ origin: 'TAS', destination: 'IST', departure_date: departure }],
      passengers: { adults: 1 },
    });
    expect(search.status).toBe(200);
    const offers = expandSearchOffers(search.body.data) as Offer[];
    const offer = offers.find((o) => o.slices.every((s) => s.transfers === 0)) ?? offers[0];
    if (offer) return offer;
  }
  throw new Error('no offers TAS-IST');
}

describe("another client's Idempotency-Key", () => {
  test('two clients with the same key and body each get their own order; another body is no "key reused"', async () => {
    const offer = await findOffer();
    const key = 'e2e-shared-idempotency-key';
    const book = (from: string, body: unknown) =>
      call(from, 'POST', '/v1/orders', body, { 'idempotency-key': key });

    const mine = await book('127.0.0.2', bookingBody(offer));
    expect(mine.status).toBe(201);
    // The stranger sends the very same key and body: a new order of their own, nothing of the first.
    const theirs = await book('127.0.0.3', bookingBody(offer));
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(theirs.body.data.booking_reference).not.toBe(mine.body.data.booking_reference);
    expect(JSON.stringify(theirs.body)).not.toContain(mine.body.data.access_token);
    // With another body the key does not exist for them either: no 422 that would tell it is taken.
    const other = bookingBody(offer, {
      contact: { full_name: 'Third Party', email: 'third.party@example.com', phone: '+998901234567' },
    });
    const probe = await book('127.0.0.4', other);
    expect(probe.status).toBe(201);
    expect(probe.body.data.contact.email).toBe('third.party@example.com');

    // The first client, retrying, still gets its own answer; with another body, its own 422.
    const retry = await book('127.0.0.2', bookingBody(offer));
    expect(retry.status).toBe(201);
    expect(retry.body.data.id).toBe(mine.body.data.id);
    const reused = await book('127.0.0.2', other);
    expect(reused.status).toBe(422);
    expect(reused.body.error.details.reason).toBe('idempotency_key_reused');
  });

  test('through the site: two visitors at one address, one form key, two orders of their own', async () => {
    const offer = await findOffer();
    const bookingPage = `${site.url}/en/flight/booking?offer=${encodeURIComponent(offer.id)}`;
    const contexts: BrowserContext[] = [];
    try {
      const open = async () => {
        const context = await browser.newContext();
        contexts.push(context);
        const page = await context.newPage();
        await gotoHydrated(page, bookingPage);
        return { context, page };
      };
      const a = await open();
      const b = await open();

      // The booking page (private) gave each its visitor id: random, HttpOnly, SameSite=Lax, not Secure on http.
      const visitorOf = async (context: BrowserContext) =>
        (await context.cookies()).find((cookie) => cookie.name === 'visitor');
      const [visitorA, visitorB] = [await visitorOf(a.context), await visitorOf(b.context)];
      expect(visitorA).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false });
      expect(visitorA!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(visitorB!.value).not.toBe(visitorA!.value);
      expect(await a.page.evaluate(() => document.cookie)).not.toContain('visitor=');

      // B learned A's form key and books with it first (another passenger, another contact).
      const keyOfA = await a.page.locator('input[name="idempotency_key"]').inputValue();
      await b.page.locator('input[name="idempotency_key"]').evaluate((input, key) => {
        (input as HTMLInputElement).value = key;
      }, keyOfA);
      const orderB = await submitBooking(b.page, b.context, 'Bobur', 'bobur@example.com');
      const orderA = await submitBooking(a.page, a.context, 'Anna', 'anna@example.com');
      expect(orderA).not.toBe(orderB);
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });

  test('a public page (shared-cacheable) sets no visitor cookie', async () => {
    const response = await fetch(`${site.url}/en/info/contacts`);
    expect(response.status).toBe(200);
    // The web marks it cacheable; as it carries a CSP nonce it goes out `private`
    // (docs/operations.md#security-headers), still cached.
    expect(response.headers.get('cache-control')).toMatch(/^private, max-age=\d+/);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('visitor='))).toBe(false);
  });
});

/** Fills the one-adult booking form, submits it and returns the id of the order it made (its access cookie). */
async function submitBooking(
  page: Page,
  context: BrowserContext,
  given: string,
  email: string,
): Promise<string> {
  const before = new Set((await context.cookies()).map((c) => c.name));
  const field = (key: MessageKey) => page.getByLabel(m(key), { exact: true });
  await field('booking.contact.fullName').fill(`${given} Karimova`);
  await field('booking.contact.email').fill(email);
  await field('booking.contact.phoneCountry').selectOption('UZ');
  await field('booking.contact.phone').fill('90 123 45 67');
  await field('booking.passenger.givenName').fill(given);
  await field('booking.passenger.familyName').fill('Karimova');
  await field('booking.passenger.bornOn').fill('1990-04-01');
  await field('booking.passenger.gender').selectOption('female');
  await field('booking.passenger.citizenship').selectOption('UZ');
  await field('booking.passenger.documentNumber').fill(`AA${given.length}234567`);
  await field('booking.passenger.documentExpiresOn').fill('2036-01-31');
  await page.locator('input[name="agreement"]').check();
  await page.getByRole('button', { name: m('booking.submit') }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/flight/booking'));
  const made = (await context.cookies())
    .map((c) => c.name)
    .filter((n) => n.startsWith('order_') && !before.has(n));
  expect(made).toHaveLength(1);
  return made[0]!.slice('order_'.length);
}

describe('a stranger guessing sign-in codes', () => {
  test('locks out only their own network; the owner signs in from theirs with a fresh code', async () => {
    const email = 'lockout-victim@example.com';
    const attacker = '127.0.0.9';
    const paused = m('mail.suspended.subject');

    // Two codes asked for and guessed at (a code takes 5 tries; a new one can be asked after the resend window).
    for (let round = 0; round < 2; round++) {
      if (round > 0) await afterResendWindow();
      expect((await call(attacker, 'POST', '/v1/auth/code', { email, lang: 'en' })).status).toBe(202);
      for (let i = 0; i < 5; i++) {
        const guess = await call(attacker, 'POST', '/v1/auth/verify', { email, code: `1000${round}${i}` });
        expect(guess.status).toBe(422);
        expect(guess.body.error.details.reason).toMatch(/^(wrong|too_many_attempts)$/);
      }
    }
    // Now refused from there, with the message of a suspension; the owner is mailed the link.
    const refused = await call(attacker, 'POST', '/v1/auth/verify', { email, code: '123456' });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({
      code: 'invalid_code',
      message:
        'Sign-in by code is suspended for this email after too many wrong codes. Use the link we emailed to re-enable it.',
      details: { reason: 'suspended' },
    });
    expect((await smtp.waitFor(email, 15_000, 3)).subject).toBe(paused);

    // The owner, in a browser at 127.0.0.1 (through the site), asks for a fresh code and signs in.
    await afterResendWindow();
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await gotoHydrated(page, `${site.url}/en/login`);
      await page.getByLabel(m('auth.email'), { exact: true }).fill(email);
      await page.getByRole('button', { name: m('auth.send') }).click();
      await page.getByText(m('auth.codeSent', { email })).waitFor();
      const mail = await smtp.waitFor(email, 15_000, 4);
      expect(mail.subject).toBe(m('mail.code.subject', { code: codeOf(mail) }));
      // The attacker's network gets nowhere even with the right code, and the try costs the code nothing.
      const stolen = await call(attacker, 'POST', '/v1/auth/verify', { email, code: codeOf(mail) });
      expect(stolen.body.error.details.reason).toBe('suspended');
      await page.getByLabel(m('auth.code'), { exact: true }).fill(codeOf(mail));
      await page.getByRole('button', { name: m('auth.verify') }).click();
      await page.waitForURL(`${site.url}/en/profile`);
      expect((await context.cookies()).some((c) => c.name === 'token' && c.value.length > 0)).toBe(true);
    } finally {
      await context.close();
    }
    // Still locked there after the owner's sign-in.
    const after = await call(attacker, 'POST', '/v1/auth/verify', { email, code: '654321' });
    expect(after.body.error.details.reason).toBe('suspended');
  }, 240_000);

  test('checking codes is limited per network: a 429 with the envelope, other networks unaffected', async () => {
    const from = '127.0.0.20';
    for (let i = 0; i < 30; i++) {
      expect(
        (await call(from, 'POST', '/v1/auth/verify', { email: `n${i}@example.com`, code: '123456' })).status,
      ).toBe(422);
    }
    const limited = await call(from, 'POST', '/v1/auth/verify', { email: 'n30@example.com', code: '123456' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.error).toMatchObject({
      code: 'rate_limited',
      details: { retry_after_seconds: expect.any(Number) },
    });
    expect(
      (await call('127.0.0.21', 'POST', '/v1/auth/verify', { email: 'n30@example.com', code: '123456' }))
        .status,
    ).toBe(422);
  });
});
