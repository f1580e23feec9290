import { sql } from 'drizzle-orm';
import type { Database } from '@parvoz/db';
import type { MailTransport } from '../../adapters/mail/transport.ts';
import type { Clock } from '../../platform/clock.ts';
import { labelDemoEmail } from '../documents/index.ts';
import type { EmailPayload } from './mail.ts';
import { errorText, type ServiceLog } from '../../platform/log.ts';
import { oneAtATime } from '../../platform/worker-pass.ts';

/** A claimed row is this sender's for this long; after it another instance may take it again. */
export const OUTBOX_LEASE_MS = 2 * 60_000;
export const OUTBOX_MAX_ATTEMPTS = 25;
const BATCH = 20;

/** 5 s, 10 s, 20 s … capped at 30 min. */
export function outboxBackoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
}

type Claimed = {
  id: number;
  kind: string;
  to_address: string | null;
  payload: EmailPayload;
  attempts: number;
};

/**
 * Sends what the outbox holds. Rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease, so several
 * instances share the work without sending a row twice; a failed send goes back to `pending` with a
 * backoff and nothing is lost while the mail server is down.
 */
export function createOutboxWorker(options: {
  db: Database;
  transport: MailTransport;
  now: Clock;
  log: ServiceLog;
  /** Scrub the message body after sending (codes are not kept once delivered); off for the dev mailbox. */
  scrubAfterSend: boolean;
  /** A demonstration site: every email says so (modules/documents/demo-label.ts). */
  demo?: boolean;
  pollMs?: number;
}) {
  const { db, transport, now, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;

  async function claim(at: Date): Promise<Claimed[]> {
    const leaseEnd = new Date(at.getTime() + OUTBOX_LEASE_MS).toISOString();
    const result = await db.execute<Claimed>(sql`
      UPDATE outbox SET status = 'sending', attempts = attempts + 1, next_attempt_at = ${leaseEnd}
      WHERE id IN (
        SELECT id FROM outbox
        WHERE status IN ('pending', 'sending') AND next_attempt_at <= ${at.toISOString()}
        ORDER BY next_attempt_at, id
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, kind, to_address, payload, attempts`);
    return result.rows;
  }

  async function deliver(row: Claimed): Promise<void> {
    // `attempts` identifies this claim: if our lease ran out and someone else claimed the row, we touch nothing.
    try {
      if (!row.to_address) throw new Error('no recipient');
      const body = { text: row.payload.text, html: row.payload.html };
      await transport.send({
        to: row.to_address,
        subject: row.payload.subject,
        ...(options.demo ? labelDemoEmail(body, row.payload.lang) : body),
        ...(row.payload.attachments?.length ? { attachments: row.payload.attachments } : {}),
      });
    } catch (error) {
      const failedAt = now();
      const message = errorText(error);
      const final = row.attempts >= OUTBOX_MAX_ATTEMPTS;
      await db.execute(sql`
        UPDATE outbox SET status = ${final ? 'failed' : 'pending'},
          next_attempt_at = ${new Date(failedAt.getTime() + outboxBackoffMs(row.attempts)).toISOString()},
          last_error = ${message.slice(0, 500)}
        WHERE id = ${row.id} AND status = 'sending' AND attempts = ${row.attempts}`);
      const details = { outboxId: row.id, attempts: row.attempts, err: message };
      if (final) log.error(details, 'email not sent, giving up');
      else log.warn(details, 'email not sent, will retry');
      return;
    }
    const scrubbed = options.scrubAfterSend
      ? sql`, payload = jsonb_build_object('lang', payload->'lang', 'subject', payload->'subject', 'scrubbed', true)`
      : sql``;
    await db.execute(sql`
      UPDATE outbox SET status = 'sent', sent_at = ${now().toISOString()}, last_error = NULL ${scrubbed}
      WHERE id = ${row.id} AND status = 'sending' AND attempts = ${row.attempts}`);
  }

  /** One pass: claims due rows and sends them; returns how many were attempted. */
  async function runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await claim(now());
      for (const row of rows) await deliver(row);
      total += rows.length;
      if (rows.length < BATCH) return total;
    }
  }

  /** Runs a pass now (or right after the current one); errors are logged, never thrown. */
  const pass = oneAtATime(runOnce, { log, failure: 'outbox pass failed', fallback: 0, rerun: true });

  return {
    runOnce,
    kick: () => {
      if (!stopped) void pass.run();
    },
    start() {
      stopped = false;
      timer = setInterval(() => void pass.run(), options.pollMs ?? 2_000);
      timer.unref();
      void pass.run();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await pass.settle();
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
