/**
 * Reconciliation (docs/payment-providers.md#what-every-provider-guarantees): each provider that can list its
 * payments (`PaymentProvider.statement`: a receipts list, daily transactions, sessions and refunds,
 * whatever the provider has) is compared with ours over the last two days. A difference is money one side
 * thinks moved and the other does not:
 *   missing_here         the provider took money for a payment we do not have as paid
 *   missing_at_provider  we have a paid payment the provider does not list as paid
 *   amount               both have it as paid, for different amounts or currencies
 *   refund               the refund state differs (refunded there and not here, or the other way)
 * Payments still in flight on either side are not differences. Nothing is changed: a difference is for a
 * person to look into (a lost webhook, a refund made by hand). Each run is a `payment_reconciliations` row
 * (read by /metrics as `parvoz_payment_reconciliation_differences{provider,kind}`) and each difference a
 * log line naming its kind and the ids to look it up by.
 */
import type { DifferenceKind } from '@parvoz/core/reconciliation';
import type { Database } from '@parvoz/db';
import type { PaymentProvider, StatementEntry } from '../../payments/provider.ts';
import { errorText, type ServiceLog } from '../../platform/log.ts';
import {
  insertReconciliation,
  lastReconciliationAt,
  paymentIdsRefunded,
  paymentsFor,
  providerTransactionsFor,
  type EntryFilter,
} from './store/reconciliation.ts';

type Log = ServiceLog & { info: (obj: object, msg: string) => void };

export interface ReconcileDeps {
  db: Database;
  now: () => Date;
  providers: ReadonlyMap<string, PaymentProvider>;
  log: Log;
}

export { DIFFERENCE_KINDS, type DifferenceKind } from '@parvoz/core/reconciliation';

export interface Difference {
  kind: DifferenceKind;
  externalId: string;
  /** Our payment, when we have one under the provider's id. */
  paymentId?: string;
  ours?: { amountMinor: number; currency: string; state: StatementEntry['state']; orderId: string };
  theirs?: { amountMinor: number; currency: string; state: StatementEntry['state'] };
}

/** The window each run looks at: two days, up to a few minutes ago (payments in flight settle first). */
export const RECONCILE_WINDOW_MS = 2 * 24 * 3600_000;
export const RECONCILE_SETTLE_MS = 5 * 60_000;
/** A provider's statement lists by its creation time, ours by the transaction's: a transaction's timeout at the provider (12 hours) apart at most. */
const CLOCK_SLACK_MS = 12 * 3600_000;

type Ours = {
  externalId: string;
  paymentId: string;
  amountMinor: number;
  currency: string;
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
  { name: provider, keepsTransactions }: PaymentProvider,
  where: EntryFilter,
) {
  if (keepsTransactions) {
    const rows = await providerTransactionsFor(db, provider, where);
    return rows.map((row): Ours => ({
      externalId: row.externalId,
      paymentId: row.paymentId,
      amountMinor: row.amountMinor,
      currency: row.currency,
      state: TRANSACTION_STATES[row.state]!,
      orderId: row.orderId,
      time: row.providerTime,
    }));
  }
  const rows = await paymentsFor(db, provider, where);
  // A payment is refunded here once any of its refunds went through (a partial one too).
  const refunded = new Set(
    rows.length === 0
      ? []
      : await paymentIdsRefunded(
          db,
          rows.map((row) => row.id),
        ),
  );
  return rows
    .filter((payment) => payment.providerRef !== null)
    .map((payment): Ours => ({
      externalId: payment.providerRef!,
      paymentId: payment.id,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      state:
        payment.status === 'succeeded'
          ? refunded.has(payment.id)
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
  const oursInWindow = await ourEntries(db, provider, { from, to });
  const known = new Map(oursInWindow.map((entry) => [entry.externalId, entry]));
  const elsewhere = inWindow.map((e) => e.externalId).filter((id) => !known.has(id));
  if (elsewhere.length > 0)
    for (const entry of await ourEntries(db, provider, { ids: elsewhere }))
      known.set(entry.externalId, entry);

  const differences: Difference[] = [];
  const push = (kind: DifferenceKind, externalId: string, ours?: Ours, entry?: StatementEntry) =>
    differences.push({
      kind,
      externalId,
      ...(ours
        ? {
            paymentId: ours.paymentId,
            ours: {
              amountMinor: ours.amountMinor,
              currency: ours.currency,
              state: ours.state,
              orderId: ours.orderId,
            },
          }
        : {}),
      ...(entry
        ? { theirs: { amountMinor: entry.amountMinor, currency: entry.currency, state: entry.state } }
        : {}),
    });
  for (const entry of inWindow) {
    // Only money the provider took is looked at here; ours without it is the second loop's.
    if (!settled(entry.state)) continue;
    const ours = known.get(entry.externalId);
    if (!ours || !settled(ours.state)) push('missing_here', entry.externalId, ours, entry);
    else if (ours.amountMinor !== entry.amountMinor || ours.currency !== entry.currency)
      push('amount', entry.externalId, ours, entry);
    else if ((ours.state === 'refunded') !== (entry.state === 'refunded'))
      push('refund', entry.externalId, ours, entry);
  }
  for (const ours of oursInWindow) {
    const entry = theirsById.get(ours.externalId);
    // Listed as in flight there: the next run will know.
    if (settled(ours.state) && (!entry || entry.state === 'cancelled'))
      push('missing_at_provider', ours.externalId, ours, entry);
  }
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
        { provider: provider.name, err: errorText(error) },
        'reconciliation: the provider statement could not be read',
      );
      continue;
    }
    await insertReconciliation(deps.db, {
      provider: provider.name,
      windowFrom: from,
      windowTo: to,
      ranAt,
      differences: differences.length,
      details: differences,
    });
    for (const difference of differences)
      deps.log.warn({ provider: provider.name, ...difference }, `payment reconciliation: ${difference.kind}`);
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
    const last = await lastReconciliationAt(deps.db);
    return !last || deps.now().getTime() - last.getTime() >= deps.intervalMs * 0.9;
  };
  const tick = () => {
    if (running || ![...deps.providers.values()].some((p) => p.statement)) return;
    running = due()
      .then((yes) => (yes ? reconcilePayments(deps) : undefined))
      .catch((error: unknown) => deps.log.error({ err: errorText(error) }, 'reconciliation failed'))
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
