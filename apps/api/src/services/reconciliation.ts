/**
 * Reconciliation (issue 14 §6): each provider that can list its payments (`PaymentProvider.statement`;
 * Payme's receipts.get_all) is compared with ours over the last two days — the same transactions our
 * GetStatement reports to Payme. A difference is money one side thinks moved and the other does not:
 *  - `missing_here`: the provider holds a paid or refunded payment we have no record of;
 *  - `missing_at_provider`: we think it was paid or refunded, the provider does not list it;
 *  - `amount`: both know it, for different amounts;
 *  - `state`: both know it, one as paid and the other as refunded or never paid.
 * Payments still in flight on either side are not differences. Each run is a `payment_reconciliations`
 * row (read by /metrics as `parvoz_payment_reconciliation_differences`) and each difference a log line.
 */
import { and, between, desc, eq, inArray } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { PaymentProvider, StatementEntry } from '../payments/provider.ts';

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export interface ReconcileDeps {
  db: Database;
  now: () => Date;
  providers: ReadonlyMap<string, PaymentProvider>;
  log: Log;
}

export type DifferenceKind = 'missing_here' | 'missing_at_provider' | 'amount' | 'state';

export interface Difference {
  kind: DifferenceKind;
  externalId: string;
  ours?: { amountMinor: number; state: StatementEntry['state']; orderId: string };
  theirs?: { amountMinor: number; state: StatementEntry['state'] };
}

/** The window each run looks at: two days, up to a few minutes ago (payments in flight settle first). */
export const RECONCILE_WINDOW_MS = 2 * 24 * 3600_000;
export const RECONCILE_SETTLE_MS = 5 * 60_000;
/** A provider's statement lists by its creation time, ours by the transaction's: Payme's 12-hour timeout apart at most. */
const CLOCK_SLACK_MS = 12 * 3600_000;

/** Providers whose callbacks keep transactions of their own (`provider_transactions`). */
const TRANSACTION_PROVIDERS = new Set(['payme', 'click']);

type Ours = {
  externalId: string;
  amountMinor: number;
  state: StatementEntry['state'];
  orderId: string;
  time: Date;
};

const TRANSACTION_STATES: Record<number, StatementEntry['state']> = {
  1: 'pending',
  2: 'paid',
  [-1]: 'cancelled',
  [-2]: 'refunded',
};

/** Our side: a provider's transactions, or its payments (their provider ref is its id) for the others. */
async function ourEntries(
  db: Database,
  provider: string,
  where: { from: Date; to: Date } | { ids: string[] },
) {
  if (TRANSACTION_PROVIDERS.has(provider)) {
    const t = schema.providerTransactions;
    const rows = await db
      .select()
      .from(t)
      .where(
        and(
          eq(t.provider, provider),
          'ids' in where ? inArray(t.externalId, where.ids) : between(t.providerTime, where.from, where.to),
        ),
      );
    return rows.map((row): Ours => ({
      externalId: row.externalId,
      amountMinor: row.amountMinor,
      state: TRANSACTION_STATES[row.state]!,
      orderId: row.orderId,
      time: row.providerTime,
    }));
  }
  const p = schema.payments;
  const rows = await db
    .select({ payment: p, refundStatus: schema.refunds.status })
    .from(p)
    .leftJoin(schema.refunds, eq(schema.refunds.paymentId, p.id))
    .where(
      and(
        eq(p.provider, provider),
        'ids' in where ? inArray(p.providerRef, where.ids) : between(p.createdAt, where.from, where.to),
      ),
    );
  return rows
    .filter((row) => row.payment.providerRef !== null)
    .map(({ payment, refundStatus }): Ours => ({
      externalId: payment.providerRef!,
      amountMinor: payment.amountMinor,
      state:
        payment.status === 'succeeded'
          ? refundStatus === 'succeeded'
            ? 'refunded'
            : 'paid'
          : payment.status === 'failed' || payment.status === 'cancelled'
            ? 'cancelled'
            : 'pending',
      orderId: payment.orderId,
      time: payment.createdAt,
    }));
}

const settled = (state: StatementEntry['state']) => state === 'paid' || state === 'refunded';

/** The differences between a provider's statement and ours over [from, to]. */
export async function compareStatement(
  db: Database,
  provider: PaymentProvider,
  from: Date,
  to: Date,
): Promise<Difference[]> {
  // The provider's list reaches back further, so a payment near the window's start is found on both sides.
  const theirs = await provider.statement!(new Date(from.getTime() - CLOCK_SLACK_MS), to);
  const theirsById = new Map(theirs.map((entry) => [entry.externalId, entry]));
  const inWindow = theirs.filter((entry) => entry.time >= from && entry.time <= to);
  const oursInWindow = await ourEntries(db, provider.name, { from, to });
  const known = new Map(oursInWindow.map((entry) => [entry.externalId, entry]));
  const elsewhere = inWindow.map((e) => e.externalId).filter((id) => !known.has(id));
  if (elsewhere.length > 0)
    for (const entry of await ourEntries(db, provider.name, { ids: elsewhere }))
      known.set(entry.externalId, entry);

  const differences: Difference[] = [];
  const describe = (ours: Ours | undefined, entry: StatementEntry | undefined) => ({
    ...(ours ? { ours: { amountMinor: ours.amountMinor, state: ours.state, orderId: ours.orderId } } : {}),
    ...(entry ? { theirs: { amountMinor: entry.amountMinor, state: entry.state } } : {}),
  });
  for (const entry of inWindow) {
    const ours = known.get(entry.externalId);
    if (!ours) {
      if (settled(entry.state))
        differences.push({
          kind: 'missing_here',
          externalId: entry.externalId,
          ...describe(undefined, entry),
        });
      continue;
    }
    if (ours.amountMinor !== entry.amountMinor) {
      differences.push({ kind: 'amount', externalId: entry.externalId, ...describe(ours, entry) });
      continue;
    }
    // In flight on one side: not a difference yet.
    if (ours.state === 'pending' || entry.state === 'pending') continue;
    if (ours.state !== entry.state && (settled(ours.state) || settled(entry.state)))
      differences.push({ kind: 'state', externalId: entry.externalId, ...describe(ours, entry) });
  }
  for (const ours of oursInWindow)
    if (settled(ours.state) && !theirsById.has(ours.externalId))
      differences.push({
        kind: 'missing_at_provider',
        externalId: ours.externalId,
        ...describe(ours, undefined),
      });
  return differences;
}

/**
 * One run for every provider with a statement: its differences are stored, logged and counted. A provider
 * that cannot be reached is logged and tried again at the next run. Returns the differences by provider.
 */
export async function reconcilePayments(deps: ReconcileDeps): Promise<Map<string, Difference[]>> {
  const ranAt = deps.now();
  const to = new Date(ranAt.getTime() - RECONCILE_SETTLE_MS);
  const from = new Date(to.getTime() - RECONCILE_WINDOW_MS);
  const found = new Map<string, Difference[]>();
  for (const provider of deps.providers.values()) {
    if (!provider.statement) continue;
    let differences: Difference[];
    try {
      differences = await compareStatement(deps.db, provider, from, to);
    } catch (error) {
      deps.log.error(
        { provider: provider.name, err: error instanceof Error ? error.message : String(error) },
        'reconciliation: the provider statement could not be read',
      );
      continue;
    }
    await deps.db.insert(schema.paymentReconciliations).values({
      provider: provider.name,
      windowFrom: from,
      windowTo: to,
      ranAt,
      differences: differences.length,
      details: differences,
    });
    for (const difference of differences)
      deps.log.warn(
        { provider: provider.name, ...difference },
        'reconciliation: our payments and the provider differ',
      );
    deps.log.info({ provider: provider.name, differences: differences.length }, 'reconciliation done');
    found.set(provider.name, differences);
  }
  return found;
}

/** Runs every `intervalMs`, unless any instance ran within that time (they share the table). */
export function createReconcileWorker(deps: ReconcileDeps & { intervalMs: number }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const due = async () => {
    const [last] = await deps.db
      .select({ ranAt: schema.paymentReconciliations.ranAt })
      .from(schema.paymentReconciliations)
      .orderBy(desc(schema.paymentReconciliations.ranAt))
      .limit(1);
    return !last || deps.now().getTime() - last.ranAt.getTime() >= deps.intervalMs * 0.9;
  };
  const tick = () => {
    if (running || ![...deps.providers.values()].some((p) => p.statement)) return;
    running = due()
      .then((yes) => (yes ? reconcilePayments(deps) : undefined))
      .catch((error: unknown) =>
        deps.log.error(
          { err: error instanceof Error ? error.message : String(error) },
          'reconciliation failed',
        ),
      )
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      timer = setInterval(tick, deps.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
