import type { Database } from '@parvoz/db';
import type { MailTransport } from '../../adapters/mail/transport.ts';
import type { Clock } from '../../platform/clock.ts';
import { labelDemoEmail } from '../documents/index.ts';
import type { EmailPayload } from './mail.ts';
import { errorText, type ServiceLog } from '../../platform/log.ts';
import { oneAtATime } from '../../platform/worker-pass.ts';
import { claimDueEmails, recordFailedSend, recordSent, type ClaimedEmail } from './store.ts';

/** A claimed row is this sender's for this long; after it another instance may take it again. */
export const OUTBOX_LEASE_MS = 2 * 60_000;
export const OUTBOX_MAX_ATTEMPTS = 25;
const BATCH = 20;

/** 5 s, 10 s, 20 s … capped at 30 min. */
export function outboxBackoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
}

type Claimed = ClaimedEmail<EmailPayload>;

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

  function claim(at: Date): Promise<Claimed[]> {
    const leaseEnd = new Date(at.getTime() + OUTBOX_LEASE_MS);
    return claimDueEmails<EmailPayload>(db, { at, leaseEnd, limit: BATCH });
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
      await recordFailedSend(db, {
        id: row.id,
        attempts: row.attempts,
        final,
        nextAttemptAt: new Date(failedAt.getTime() + outboxBackoffMs(row.attempts)),
        error: message.slice(0, 500),
      });
      const details = { outboxId: row.id, attempts: row.attempts, err: message };
      if (final) log.error(details, 'email not sent, giving up');
      else log.warn(details, 'email not sent, will retry');
      return;
    }
    await recordSent(db, {
      id: row.id,
      attempts: row.attempts,
      sentAt: now(),
      scrub: options.scrubAfterSend,
    });
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
