/**
 * The price-alert worker (docs/operations.md#price-alerts): re-prices every active alert every
 * `priceAlertIntervalSeconds` and queues an email when the lowest price fell by at least
 * `priceAlertMinDropPercent` (core's rule).
 *
 * Several instances run it at once and an alert is still emailed once per drop: due alerts are claimed with
 * `FOR UPDATE SKIP LOCKED`, and a claim bumps `claims` and leases the row (`next_check_at` moves past the
 * lease). The result is written only while the row still carries that claim, in the same transaction as the
 * outbox row of its email, so a slow worker whose lease ran out (and whose alert another worker took)
 * writes and sends nothing. Emails go through the outbox like every other.
 */
import type { Database } from '@parvoz/db';
import { dropBasisPoints, checkAlertPrice, dropPercent, PRICE_HISTORY_KEPT } from '@parvoz/core/price-alerts';
import type { CurrencyCode } from '@parvoz/core/money';
import type { Locale } from '@parvoz/i18n/locales';
import type { Clock } from '../../platform/clock.ts';
import type { FlightService } from '../search/index.ts';
import { enqueueEmail } from '../mail/index.ts';
import { errorText, type ServiceLog } from '../../platform/log.ts';
import { oneAtATime } from '../../platform/worker-pass.ts';
import { renderPriceAlertEmail } from './mail.ts';
import {
  CONFIRM_TTL_MS,
  alertPageUrl,
  lowestPriceNow,
  major,
  newAlertToken,
  resultsUrl,
  searchOf,
} from './service.ts';
import * as store from './store.ts';
import type { AlertRow } from './store.ts';

/** A claimed alert is this worker's for this long; then another may take it again. */
export const PRICE_ALERT_LEASE_MS = 5 * 60_000;
/** After a failed re-pricing (e.g. the database blinked) the alert is tried again this much later. */
const RETRY_MS = 10 * 60_000;
/** Ended alerts are kept this long (an old unsubscribe link still says "unsubscribed"), then deleted. */
export const ENDED_ALERT_KEEP_MS = 30 * 24 * 3600_000;
const BATCH = 20;
/** How often one worker deletes what is no longer needed (the deletes scan the table). */
const PURGE_EVERY_MS = 10 * 60_000;

export function createPriceAlertWorker(options: {
  db: Database;
  flights: FlightService;
  now: Clock;
  log: ServiceLog;
  config: { priceAlertIntervalSeconds: number; priceAlertMinDropPercent: number };
  /** Origin of the links in the emails; null when unknown (then nothing is claimed: no link, no email). */
  linkOrigin: () => string | null;
  /** Called after a pass that queued emails (the outbox sends them at once). */
  kickOutbox: () => void;
  pollMs?: number;
}) {
  const { db, flights, now, log, config } = options;
  const intervalMs = config.priceAlertIntervalSeconds * 1000;
  const minDropBp = dropBasisPoints(config.priceAlertMinDropPercent);
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let purgedAt: number | undefined;

  /** Re-prices one claimed alert; true when an email was queued. */
  async function check(
    row: AlertRow,
    at: Date,
    origin: string,
    priced: Map<string, ReturnType<typeof lowestPriceNow>>,
  ): Promise<boolean> {
    const search = searchOf(row);
    const currency = row.currency as CurrencyCode;
    // Alerts on one search share one re-pricing per pass.
    const key = JSON.stringify([search, currency, row.lang]);
    let pending = priced.get(key);
    if (!pending) {
      pending = lowestPriceNow(flights, search, currency, at, row.lang);
      priced.set(key, pending);
    }
    const result = await pending;
    if (!result.ok) {
      // The departure is now in the past (or beyond what can be searched): the alert has done its job.
      await store.updateClaimedAlert(db, row, { status: 'expired', endedAt: at, lastCheckedAt: at });
      return false;
    }
    const next = new Date(at.getTime() + intervalMs);
    const checked = { checkedAt: at, priceMinor: result.price, departureDate: result.departureDate };
    if (result.price === null) {
      // Sold out for now: nothing to compare; keep watching.
      await db.transaction(async (tx) => {
        const written = await store.updateClaimedAlert(tx, row, {
          lastPriceMinor: null,
          lastCheckedAt: at,
          nextCheckAt: next,
        });
        if (written) await store.recordPriceCheck(tx, row.id, checked, PRICE_HISTORY_KEPT);
      });
      return false;
    }
    const price = result.price;
    const decision = checkAlertPrice(row.referencePriceMinor, price, minDropBp);
    return db.transaction(async (tx) => {
      const written = await store.updateClaimedAlert(tx, row, {
        lastPriceMinor: price,
        lastCheckedAt: at,
        nextCheckAt: next,
        referencePriceMinor: decision.reference,
        ...(decision.kind === 'notify' ? { notifiedAt: at } : {}),
      });
      if (written) await store.recordPriceCheck(tx, row.id, checked, PRICE_HISTORY_KEPT);
      if (!written || decision.kind !== 'notify') return false;
      const token = newAlertToken();
      await store.insertToken(tx, row.id, 'unsubscribe', token, at);
      const lang = row.lang as Locale;
      await enqueueEmail(tx, {
        to: row.email,
        kind: 'price-alert-drop',
        payload: await renderPriceAlertEmail(lang, {
          kind: 'price-alert-drop',
          search,
          price: major(price, currency),
          previousPrice: major(row.referencePriceMinor, currency),
          percent: dropPercent(row.referencePriceMinor, price),
          currency,
          resultsUrl: resultsUrl(origin, lang, search, result.departureDate),
          ...(search.departureUntil ? { cheapestDay: result.departureDate } : {}),
          unsubscribeUrl: alertPageUrl(origin, lang, 'unsubscribe', token),
        }),
        now: at,
        // One email per claim, whatever happens: a second insert of the same claim is refused.
        dedupeKey: `price-alert-drop:${row.id}:${row.claims}`,
      });
      return true;
    });
  }

  /** Personal data is kept no longer than needed: unconfirmed alerts after the link's life, ended ones later. */
  const purge = (at: Date) => store.purgeAlerts(db, at, CONFIRM_TTL_MS, ENDED_ALERT_KEEP_MS);

  type PassResult = { checked: number; emailed: number };

  /** One pass: claims due alerts and re-prices them until none is due. */
  async function runOnce(): Promise<PassResult> {
    const origin = options.linkOrigin();
    const total: PassResult = { checked: 0, emailed: 0 };
    if (!origin) {
      log.error({}, 'price alerts: no origin for links (set PUBLIC_URL); alerts are not checked');
      return total;
    }
    const at = now();
    if (purgedAt === undefined || Math.abs(at.getTime() - purgedAt) >= PURGE_EVERY_MS) {
      await purge(at);
      purgedAt = at.getTime();
    }
    const priced = new Map<string, ReturnType<typeof lowestPriceNow>>();
    for (;;) {
      const rows = await store.claimDueAlerts(db, at, BATCH, PRICE_ALERT_LEASE_MS);
      for (const row of rows) {
        try {
          if (await check(row, at, origin, priced)) total.emailed += 1;
        } catch (error) {
          log.warn({ alertId: row.id, err: errorText(error) }, 'price alert not checked, will retry');
          await store
            .updateClaimedAlert(db, row, { nextCheckAt: new Date(at.getTime() + RETRY_MS) })
            .catch(() => undefined);
        }
      }
      total.checked += rows.length;
      if (rows.length < BATCH) break;
    }
    if (total.emailed > 0) options.kickOutbox();
    return total;
  }

  const pass = oneAtATime(runOnce, {
    log,
    failure: 'price-alert pass failed',
    fallback: { checked: 0, emailed: 0 },
  });

  return {
    runOnce,
    start() {
      stopped = false;
      // Polling is cheap (an indexed query); checks happen only when an alert is due.
      const poll = options.pollMs ?? Math.min(60_000, Math.max(1_000, intervalMs / 2));
      timer = setInterval(() => {
        if (!stopped) void pass.run();
      }, poll);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await pass.settle();
    },
  };
}

export type PriceAlertWorker = ReturnType<typeof createPriceAlertWorker>;
