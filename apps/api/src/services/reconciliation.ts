/**
 * Reconciliation (issue 14 §6): our payments compared with each provider's own list (`statement`: iyzico's
 * daily transactions, Stripe's Checkout Sessions and refunds) over the last two days. Every difference is
 * logged with the ids needed to look into it and counted on `/metrics`
 * (`parvoz_payment_reconciliation_differences{provider,kind}`, set anew by every run):
 *
 *   missing_here         the provider took money for a payment we do not have as paid
 *   missing_at_provider  we have a paid payment the provider does not list as paid
 *   amount               the provider's amount or currency differs from ours
 *   refund               the provider's refund state differs from ours (refunded there, not here, or back)
 *
 * Nothing is changed: a difference is for a person to look into (a lost webhook, a refund made by hand).
 */
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import { reconciliationDifferences, reconciliationRuns } from '../metrics.ts';
import type { PaymentProvider, StatementEntry } from '../payments/provider.ts';

export const RECONCILE_WINDOW_MS = 2 * 24 * 3600_000;
/** Payments younger than this are left to the next run (a webhook may still be on its way). */
export const RECONCILE_SETTLE_MS = 10 * 60_000;

export const DIFFERENCE_KINDS = ['missing_here', 'missing_at_provider', 'amount', 'refund'] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

export interface Difference {
  provider: string;
  kind: DifferenceKind;
  /** The provider's id of the payment. */
  externalId: string;
  /** Our payment, when we have it. */
  paymentId: string | null;
  ours: { status: string; amountMinor: number; currency: string; refunded: boolean } | null;
  theirs: StatementEntry | null;
}

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** Compares one provider's list of [from, to] with our payments; returns the differences. */
export async function reconcileProvider(
  db: Database,
  provider: PaymentProvider,
  from: Date,
  to: Date,
): Promise<Difference[]> {
  if (!provider.statement) return [];
  const entries = await provider.statement(from, to);
  const name = provider.name;
  const refs = [...new Set(entries.map((e) => e.externalId))];
  // Ours named by the list (whenever created), and ours created and settled inside the window.
  const [named, recent] = await Promise.all([
    refs.length
      ? db
          .select()
          .from(schema.payments)
          .where(and(eq(schema.payments.provider, name), inArray(schema.payments.providerRef, refs)))
      : Promise.resolve([]),
    db
      .select()
      .from(schema.payments)
      .where(
        and(
          eq(schema.payments.provider, name),
          eq(schema.payments.status, 'succeeded'),
          gte(schema.payments.createdAt, from),
          lte(schema.payments.updatedAt, to),
        ),
      ),
  ]);
  const payments = new Map([...named, ...recent].map((p) => [p.id, p]));
  const refunded = new Set(
    payments.size
      ? (
          await db
            .select({ paymentId: schema.refunds.paymentId })
            .from(schema.refunds)
            .where(
              and(
                inArray(schema.refunds.paymentId, [...payments.keys()]),
                eq(schema.refunds.status, 'succeeded'),
              ),
            )
        ).map((r) => r.paymentId)
      : [],
  );
  const byRef = new Map([...payments.values()].map((p) => [p.providerRef, p]));
  const differences: Difference[] = [];
  const ours = (p: typeof schema.payments.$inferSelect | undefined) =>
    p
      ? { status: p.status, amountMinor: p.amountMinor, currency: p.currency, refunded: refunded.has(p.id) }
      : null;
  const listedPaid = new Set<string>();
  for (const entry of entries) {
    const payment = byRef.get(entry.externalId);
    const moneyTaken = entry.state === 'paid' || entry.state === 'refunded';
    if (moneyTaken) listedPaid.add(entry.externalId);
    const push = (kind: DifferenceKind) =>
      differences.push({
        provider: name,
        kind,
        externalId: entry.externalId,
        paymentId: payment?.id ?? null,
        ours: ours(payment),
        theirs: entry,
      });
    if (!moneyTaken) continue;
    if (!payment || payment.status !== 'succeeded') {
      push('missing_here');
      continue;
    }
    if (entry.amountMinor !== payment.amountMinor || entry.currency !== payment.currency) push('amount');
    if ((entry.state === 'refunded') !== refunded.has(payment.id)) push('refund');
  }
  for (const payment of recent) {
    if (!payment.providerRef || listedPaid.has(payment.providerRef)) continue;
    differences.push({
      provider: name,
      kind: 'missing_at_provider',
      externalId: payment.providerRef ?? '',
      paymentId: payment.id,
      ours: ours(payment),
      theirs: null,
    });
  }
  return differences;
}

/**
 * One run over every provider with a list: the differences are logged and put on `/metrics`. A provider
 * that cannot be asked is logged and counted as a failed run; the others still run.
 */
export async function reconcilePayments(
  deps: { db: Database; now: () => Date; providers: ReadonlyMap<string, PaymentProvider> },
  log: Log,
): Promise<Difference[]> {
  const to = new Date(deps.now().getTime() - RECONCILE_SETTLE_MS);
  const from = new Date(to.getTime() - RECONCILE_WINDOW_MS);
  const all: Difference[] = [];
  for (const provider of deps.providers.values()) {
    if (!provider.statement) continue;
    let differences: Difference[];
    try {
      differences = await reconcileProvider(deps.db, provider, from, to);
    } catch (error) {
      reconciliationRuns.inc({ provider: provider.name, outcome: 'failed' });
      log.error(
        { provider: provider.name, err: error instanceof Error ? error.message : String(error) },
        'payment reconciliation: the provider could not be asked',
      );
      continue;
    }
    reconciliationRuns.inc({ provider: provider.name, outcome: 'done' });
    for (const kind of DIFFERENCE_KINDS)
      reconciliationDifferences.set(
        { provider: provider.name, kind },
        differences.filter((d) => d.kind === kind).length,
      );
    for (const difference of differences)
      log.warn({ reconciliation: difference }, `payment reconciliation: ${difference.kind}`);
    all.push(...differences);
  }
  return all;
}

/** Runs `reconcilePayments` every `intervalMs` (each instance; the run only reads). */
export function createReconciliationWorker(
  deps: Parameters<typeof reconcilePayments>[0] & { intervalMs: number },
  log: Log,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running ??= reconcilePayments(deps, log)
      .catch((error: unknown) => log.error({ err: String(error) }, 'payment reconciliation failed'))
      .finally(() => (running = undefined));
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, deps.intervalMs);
      timer.unref();
      setTimeout(tick, 5_000).unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
