/**
 * The price alerts' tables (`price_alerts`, `price_alert_tokens`, packages/db/src/schema-price-alerts.ts):
 * the only file that reads or writes them (docs/architecture.md, "Modules own their tables"). Every function
 * takes the database or the transaction it runs in, so the service decides what happens together.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import { canonicalMailbox } from '@parvoz/core/mailbox';
import { mailboxCandidates } from '../mail/index.ts';

export type AlertRow = typeof schema.priceAlerts.$inferSelect;
export type NewAlert = Omit<typeof schema.priceAlerts.$inferInsert, 'id'>;
export type TokenPurpose = 'confirm' | 'unsubscribe';

const alerts = schema.priceAlerts;
const tokens = schema.priceAlertTokens;
const prices = schema.priceAlertPrices;

export type PriceCheck = { checkedAt: Date; priceMinor: number | null; departureDate: string | null };

/** Only a link token's SHA-256 is kept: a copy of the table opens no alert. */
export function hashAlertToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Alerts that count against a cap: active ones and those still awaiting confirmation within `confirmTtlMs`. */
function liveAlerts(at: Date, confirmTtlMs: number) {
  return or(
    eq(alerts.status, 'active'),
    and(eq(alerts.status, 'pending'), gt(alerts.createdAt, new Date(at.getTime() - confirmTtlMs))),
  );
}

/** Serialises changes to one mailbox's alerts within a transaction (the cap), on every instance. */
export async function lockMailbox(tx: Database, email: string): Promise<void> {
  const key = `price-alerts:${canonicalMailbox(email)}`;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
}

/** The alerts of `email`'s mailbox, whichever `+tag` spelling each was asked for with, among `where`. */
async function mailboxAlerts(tx: Database, email: string, where: SQL | undefined): Promise<AlertRow[]> {
  const mailbox = canonicalMailbox(email);
  const rows = await tx
    .select()
    .from(alerts)
    .where(and(mailboxCandidates(alerts.email, email), where));
  return rows.filter((row) => canonicalMailbox(row.email) === mailbox);
}

/** The mailbox's live alerts (active, or pending within the confirmation link's life). */
export function liveMailboxAlerts(tx: Database, email: string, at: Date, confirmTtlMs: number) {
  return mailboxAlerts(tx, email, liveAlerts(at, confirmTtlMs));
}

/** The mailbox's active alerts. */
export function activeMailboxAlerts(tx: Database, email: string) {
  return mailboxAlerts(tx, email, eq(alerts.status, 'active'));
}

/** The live alerts of exactly this address, newest first (the account's list). */
export function liveAlertsOfAddress(db: Database, email: string, at: Date, confirmTtlMs: number) {
  return db
    .select()
    .from(alerts)
    .where(and(eq(alerts.email, email), liveAlerts(at, confirmTtlMs)))
    .orderBy(desc(alerts.createdAt), desc(alerts.id));
}

export async function insertAlert(tx: Database, values: NewAlert): Promise<string> {
  const [row] = await tx.insert(alerts).values(values).returning({ id: alerts.id });
  return row!.id;
}

/** A pending alert asked for again: today's price and language, and its earlier confirm links dropped. */
export async function renewPendingAlert(
  tx: Database,
  id: string,
  changes: { lang: string; currency: string; referencePriceMinor: number; createdAt: Date },
): Promise<void> {
  await tx.update(alerts).set(changes).where(eq(alerts.id, id));
  await tx.delete(tokens).where(and(eq(tokens.alertId, id), eq(tokens.purpose, 'confirm')));
}

export async function insertToken(
  tx: Database,
  alertId: string,
  purpose: TokenPurpose,
  token: string,
  at: Date,
): Promise<void> {
  await tx.insert(tokens).values({ alertId, purpose, tokenHash: hashAlertToken(token), createdAt: at });
}

/** The alert a link token opens (null when unknown); `purpose` must match the link's page. */
export async function alertByToken(
  db: Database,
  token: string,
  purpose: TokenPurpose,
): Promise<{ alert: AlertRow; tokenCreatedAt: Date } | null> {
  const [row] = await db
    .select({ alert: alerts, tokenCreatedAt: tokens.createdAt })
    .from(tokens)
    .innerJoin(alerts, eq(alerts.id, tokens.alertId))
    .where(and(eq(tokens.tokenHash, hashAlertToken(token)), eq(tokens.purpose, purpose)));
  return row ?? null;
}

/** Turns a pending alert on (due at once); undefined when it was no longer pending. */
export async function activatePendingAlert(
  tx: Database,
  id: string,
  at: Date,
): Promise<AlertRow | undefined> {
  const [updated] = await tx
    .update(alerts)
    .set({ status: 'active', confirmedAt: at, nextCheckAt: at })
    .where(and(eq(alerts.id, id), eq(alerts.status, 'pending')))
    .returning();
  return updated;
}

/** Ends a pending or active alert; undefined when it had already ended. */
export async function unsubscribeAlert(db: Database, id: string, at: Date): Promise<AlertRow | undefined> {
  const [updated] = await db
    .update(alerts)
    .set({ status: 'unsubscribed', endedAt: at })
    .where(and(eq(alerts.id, id), inArray(alerts.status, ['pending', 'active'])))
    .returning();
  return updated;
}

/** Deletes the alert `id` of the address `email` (its tokens go with it); false when there is none. */
export async function deleteAlertOfAddress(db: Database, id: string, email: string): Promise<boolean> {
  const deleted = await db
    .delete(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.email, email)))
    .returning({ id: alerts.id });
  return deleted.length > 0;
}

/**
 * Claims up to `batch` active alerts due at `at` for `leaseMs` (rows another worker holds are skipped):
 * each claim bumps the row's `claims`, which the worker's writes then require.
 */
export function claimDueAlerts(db: Database, at: Date, batch: number, leaseMs: number): Promise<AlertRow[]> {
  const due = db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.status, 'active'), sql`${alerts.nextCheckAt} <= ${at.toISOString()}`))
    .orderBy(alerts.nextCheckAt, alerts.id)
    .limit(batch)
    .for('update', { skipLocked: true });
  return db
    .update(alerts)
    .set({ claims: sql`${alerts.claims} + 1`, nextCheckAt: new Date(at.getTime() + leaseMs) })
    .where(sql`${alerts.id} IN ${due}`)
    .returning();
}

export type ClaimedAlertChanges = Partial<
  Pick<
    AlertRow,
    | 'status'
    | 'endedAt'
    | 'lastCheckedAt'
    | 'lastPriceMinor'
    | 'nextCheckAt'
    | 'referencePriceMinor'
    | 'notifiedAt'
  >
>;

/**
 * Writes `changes` to a claimed alert if it still carries this claim and is active (only then may the worker
 * write); false when another worker took it over or it ended meanwhile.
 */
export async function updateClaimedAlert(
  db: Database,
  claimed: AlertRow,
  changes: ClaimedAlertChanges,
): Promise<boolean> {
  const written = await db
    .update(alerts)
    .set(changes)
    .where(and(eq(alerts.id, claimed.id), eq(alerts.claims, claimed.claims), eq(alerts.status, 'active')))
    .returning({ id: alerts.id });
  return written.length > 0;
}

/** Deletes alerts never confirmed within `confirmTtlMs` and those ended more than `keepEndedMs` ago. */
export async function purgeAlerts(
  db: Database,
  at: Date,
  confirmTtlMs: number,
  keepEndedMs: number,
): Promise<void> {
  await db
    .delete(alerts)
    .where(
      or(
        and(eq(alerts.status, 'pending'), lt(alerts.createdAt, new Date(at.getTime() - confirmTtlMs))),
        and(
          sql`${alerts.status} IN ('unsubscribed', 'expired')`,
          lt(alerts.endedAt, new Date(at.getTime() - keepEndedMs)),
        ),
      ),
    );
}

/** One re-pricing in the alert's history; only the latest `keep` stay. */
export async function recordPriceCheck(
  tx: Database,
  alertId: string,
  check: PriceCheck,
  keep: number,
): Promise<void> {
  await tx.insert(prices).values({ alertId, ...check });
  const kept = tx
    .select({ id: prices.id })
    .from(prices)
    .where(eq(prices.alertId, alertId))
    .orderBy(desc(prices.checkedAt), desc(prices.id))
    .limit(keep);
  await tx.delete(prices).where(and(eq(prices.alertId, alertId), notInArray(prices.id, kept)));
}

/** The price histories of these alerts, each oldest first. */
export async function priceHistories(db: Database, alertIds: string[]): Promise<Map<string, PriceCheck[]>> {
  const histories = new Map<string, PriceCheck[]>();
  if (alertIds.length === 0) return histories;
  const rows = await db
    .select()
    .from(prices)
    .where(inArray(prices.alertId, alertIds))
    .orderBy(asc(prices.checkedAt), asc(prices.id));
  for (const { alertId, checkedAt, priceMinor, departureDate } of rows) {
    const list = histories.get(alertId) ?? [];
    list.push({ checkedAt, priceMinor, departureDate });
    histories.set(alertId, list);
  }
  return histories;
}
