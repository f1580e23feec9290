/**
 * Sign-in by emailed code (docs/design.md §5): codes from a CSPRNG, stored hashed, 10 minutes, single use, a
 * new code invalidates the previous one, 5 wrong tries kill a code, resend after 60 s, sending limited per
 * email and per IP (counters in `rate_limits`). Sending answers the same whether or not an account
 * exists: nothing here looks at `users` before a code is verified.
 *
 * Wrong codes (docs/operations.md#sign-in-abuse-limits) are counted per (email, client network) and per
 * email, both "in a row" (until a sign-in or the unlock link). After 10 from one network, that network may no
 * longer try codes for the email: an attacker locks out only themselves, the owner elsewhere signs in as
 * before. After 30 in all (NIST SP 800-63B allows at most 100), code sign-in is suspended for the email
 * everywhere. Either way the owner is emailed a link that re-enables it, and both are refused with the same
 * `suspended` answer.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@parvoz/db';
import type { CodeRefusal } from '@parvoz/contracts/auth';
import type { Locale } from '@parvoz/i18n/locales';
import type { User } from '@parvoz/contracts/user';
import { ApiFailure } from '../../errors.ts';
import { canonicalMailbox } from '@parvoz/core/mailbox';
import { clearRateLimit, hitRateLimit, readRateLimit } from '../../platform/rate-limits.ts';
import { enqueueEmail, renderEmail } from '../mail/index.ts';
import { claimOrdersAtSignIn } from '../orders/index.ts';
import { generateCode, hashSecret, sameHash } from './one-time-codes.ts';
import { createSession } from './sessions.ts';
import { getUserWithDetail } from './users.ts';
import {
  consumeCode,
  countCodeAttempt,
  expireLiveCodes,
  insertAuthCode,
  latestSigninCodeAt,
  markCodeConsumed,
  newestUnusedCode,
  setCodeSigninSuspended,
  upsertSignedInUser,
} from './store.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_AFTER_MS = 60_000;
export const SEND_LIMIT_PER_EMAIL = 5;
export const SEND_LIMIT_PER_IP = 20;
export const SEND_WINDOW_MS = 3600_000;
/** Wrong codes in a row from one client network before that network may not try this email's codes. */
export const CLIENT_LOCK_AFTER_FAILURES = 10;
/** Wrong codes in a row from anywhere before code sign-in is suspended for the email. */
export const SUSPEND_AFTER_FAILURES = 30;
export const UNLOCK_TTL_MS = 7 * 24 * 3600_000;
/** Consecutive failures are kept this long (reset by a successful sign-in or an unlock). */
const FAILURE_MEMORY_MS = 365 * 24 * 3600_000;

/**
 * Codes sent are counted per mailbox (name+tag@ is name@'s inbox) and per client network (an IPv6 /64, not
 * each of its addresses): docs/operations.md, "Counting by mailbox" and "Client IP trust model". Wrong codes
 * stay counted per email as typed: each spelling is its own account.
 */
const emailKey = (email: string) => `auth-code:email:${canonicalMailbox(email)}`;
const ipKey = (network: string) => `auth-code:ip:${network}`;
const failureKey = (email: string) => `auth-fail:${email}`;
/** Every client key of an email starts with this (an email has no spaces), so an unlock clears them all. */
const clientFailurePrefix = (email: string) => `auth-fail-client:${email} `;
const clientFailureKey = (email: string, network: string) => `${clientFailurePrefix(email)}${network}`;

type SignInContext = {
  db: Database;
  now: Date;
  publicUrl: string;
  /** How soon an email may ask for another code (SIGNIN_RESEND_SECONDS); a minute when not given. */
  resendAfterMs?: number;
};

function rateLimited(message: string, retryAfterSeconds: number): ApiFailure {
  return new ApiFailure(
    'rate_limited',
    message,
    { retry_after_seconds: retryAfterSeconds },
    {
      'retry-after': String(retryAfterSeconds),
    },
  );
}

const REFUSAL_MESSAGES: Record<CodeRefusal, string> = {
  wrong: 'The code is not correct.',
  expired: 'The code has expired or was already used. Ask for a new code.',
  too_many_attempts: 'Too many wrong tries for this code. Ask for a new code.',
  suspended:
    'Sign-in by code is suspended for this email after too many wrong codes. Use the link we emailed to re-enable it.',
};

function refusal(reason: CodeRefusal, extra: Record<string, unknown> = {}): ApiFailure {
  return new ApiFailure('invalid_code', REFUSAL_MESSAGES[reason], { reason, ...extra });
}

/** Code sign-in is off for this email here: everywhere after 30 wrong codes, from this network after 10. */
async function isSuspended(db: Database, email: string, network: string, now: Date): Promise<boolean> {
  return (
    (await readRateLimit(db, failureKey(email), now)) >= SUSPEND_AFTER_FAILURES ||
    (await readRateLimit(db, clientFailureKey(email, network), now)) >= CLIENT_LOCK_AFTER_FAILURES
  );
}

/** Forgets an email's wrong codes: its own count and, with `network`, that network's (else every network's). */
async function forgetFailures(db: Database, email: string, network?: string): Promise<void> {
  await clearRateLimit(db, failureKey(email));
  if (network !== undefined) await clearRateLimit(db, clientFailureKey(email, network));
  else await db.execute(sql`DELETE FROM rate_limits WHERE starts_with(key, ${clientFailurePrefix(email)})`);
}

/**
 * Stores a new code (or unlock token) of `purpose` for the email, hashed with its row id; the live ones of that
 * purpose end now, so only the newest works.
 */
async function replaceAuthCode(
  tx: Database,
  input: {
    email: string;
    purpose: 'signin' | 'unlock';
    secret: string;
    now: Date;
    ttlMs: number;
    ip?: string;
  },
): Promise<void> {
  const { email, purpose, now } = input;
  await expireLiveCodes(tx, email, purpose, now);
  const id = crypto.randomUUID();
  await insertAuthCode(tx, {
    id,
    email,
    purpose,
    codeHash: hashSecret(id, input.secret),
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.ttlMs),
    ip: input.ip ?? null,
  });
}

/** A fresh unlock link (invalidating older ones) and the email carrying it. */
async function queueUnlockEmail(ctx: SignInContext, email: string, lang: Locale): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    await replaceAuthCode(tx, {
      email,
      purpose: 'unlock',
      secret: token,
      now: ctx.now,
      ttlMs: UNLOCK_TTL_MS,
    });
    const query = new URLSearchParams({ email, token });
    const unlockUrl = `${ctx.publicUrl.replace(/\/+$/, '')}/${lang}/login/unlock?${query.toString()}`;
    await enqueueEmail(tx, {
      to: email,
      kind: 'signin-suspended',
      payload: await renderEmail(lang, { kind: 'signin-suspended', unlockUrl }),
      now: ctx.now,
    });
  });
}

/** POST /v1/auth/code: queues a code email (or, while suspended, the unlock link). Throws 429 refusals. */
export async function requestCode(
  ctx: SignInContext,
  input: { email: string; lang: Locale; ip: string; network: string },
): Promise<void> {
  const { db, now } = ctx;
  const { email, lang, ip, network } = input;

  const latest = await latestSigninCodeAt(db, email);
  if (latest) {
    const wait = latest.getTime() + (ctx.resendAfterMs ?? RESEND_AFTER_MS) - now.getTime();
    if (wait > 0) {
      throw rateLimited(
        'A code was sent less than a minute ago. Please wait before asking again.',
        Math.ceil(wait / 1000),
      );
    }
  }
  const perIp = await hitRateLimit(db, ipKey(network), SEND_LIMIT_PER_IP, SEND_WINDOW_MS, now);
  if (!perIp.allowed)
    throw rateLimited('Too many codes requested. Please try again later.', perIp.retryAfterSeconds);
  const perEmail = await hitRateLimit(db, emailKey(email), SEND_LIMIT_PER_EMAIL, SEND_WINDOW_MS, now);
  if (!perEmail.allowed) {
    throw rateLimited(
      'Too many codes requested for this email. Please try again later.',
      perEmail.retryAfterSeconds,
    );
  }

  if (await isSuspended(db, email, network, now)) {
    // Same answer to the caller; the owner gets the link that re-enables code sign-in.
    await queueUnlockEmail(ctx, email, lang);
    return;
  }

  const code = generateCode();
  await db.transaction(async (tx) => {
    await replaceAuthCode(tx, { email, purpose: 'signin', secret: code, now, ttlMs: CODE_TTL_MS, ip });
    await enqueueEmail(tx, {
      to: email,
      kind: 'auth-code',
      payload: await renderEmail(lang, { kind: 'auth-code', code }),
      now,
    });
  });
}

/**
 * Counts a wrong code for the email and the client's network. At the 10th in a row from the network, or the
 * 30th from anywhere, code sign-in stops (there, or everywhere) and the owner is emailed the unlock link.
 */
async function recordFailure(
  ctx: SignInContext,
  email: string,
  network: string,
  lang: Locale,
): Promise<void> {
  const count = (key: string) =>
    hitRateLimit(ctx.db, key, Number.MAX_SAFE_INTEGER, FAILURE_MEMORY_MS, ctx.now).then((r) => r.count);
  const fromClient = await count(clientFailureKey(email, network));
  const inAll = await count(failureKey(email));
  if (inAll === SUSPEND_AFTER_FAILURES) {
    await setCodeSigninSuspended(ctx.db, email, ctx.now);
    await queueUnlockEmail(ctx, email, lang);
  } else if (fromClient === CLIENT_LOCK_AFTER_FAILURES && inAll < SUSPEND_AFTER_FAILURES) {
    await queueUnlockEmail(ctx, email, lang);
  }
}

/** POST /v1/auth/verify: checks the code and signs in (creating the account on first sign-in). */
export async function verifyCode(
  ctx: SignInContext,
  input: { email: string; code: string; lang?: Locale | undefined; network: string },
): Promise<{ token: string; expiresAt: Date; user: User }> {
  const { db, now } = ctx;
  const { email, code, network } = input;
  const lang = input.lang ?? 'en';
  if (await isSuspended(db, email, network, now)) throw refusal('suspended');

  const row = await newestUnusedCode(db, email, 'signin');
  if (!row || row.expiresAt.getTime() <= now.getTime()) throw refusal('expired');

  // Count this try first, atomically: concurrent guesses can never exceed the limit.
  const attempts = await countCodeAttempt(db, row.id, CODE_MAX_ATTEMPTS);
  if (attempts === undefined) throw refusal('too_many_attempts');

  if (!sameHash(hashSecret(row.id, code), row.codeHash)) {
    await recordFailure(ctx, email, network, lang);
    const left = CODE_MAX_ATTEMPTS - Number(attempts);
    throw left > 0 ? refusal('wrong', { attempts_left: left }) : refusal('too_many_attempts');
  }

  if (!(await consumeCode(db, row.id, now))) throw refusal('expired');

  const session = await db.transaction(async (tx) => {
    const userId = await upsertSignedInUser(tx, { email, language: lang, now });
    // The email is now verified: orders booked earlier with it become this account's, once no change of their
    // contact email may still be undone (modules/orders/lists.ts).
    await claimOrdersAtSignIn(tx, email, userId, now);
    // Only this network's count: another network's lock (someone else guessing) stays.
    await forgetFailures(tx, email, network);
    const created = await createSession(tx, userId, now);
    return { ...created, userId };
  });
  const user = await getUserWithDetail(db, session.userId, true);
  return { token: session.token, expiresAt: session.expiresAt, user: user! };
}

/** POST /v1/auth/unlock: the emailed link's token re-enables code sign-in for the email. */
export async function unlockCodeSignIn(
  ctx: SignInContext,
  input: { email: string; token: string },
): Promise<void> {
  const { db, now } = ctx;
  const row = await newestUnusedCode(db, input.email, 'unlock', now);
  if (!row || !sameHash(hashSecret(row.id, input.token), row.codeHash)) {
    throw new ApiFailure('invalid_code', 'This link is not valid or has expired.', { reason: 'expired' });
  }
  await db.transaction(async (tx) => {
    await markCodeConsumed(tx, row.id, now);
    // The owner says the wrong codes were theirs: every network may try again.
    await forgetFailures(tx, input.email);
    await setCodeSigninSuspended(tx, input.email, null);
  });
}
