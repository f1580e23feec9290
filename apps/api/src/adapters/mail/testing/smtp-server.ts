import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

/** An email as the test server received it: the usual parts, and the whole message for the rest (attachments). */
export type ReceivedEmail = { to: string[]; subject: string; text: string; html: string; mail: ParsedMail };

/**
 * A real SMTP server on loopback that keeps what it receives (mailparser), for tests: the one the API's unit
 * tests and the e2e suites (through e2e/support/smtp.ts) send their emails to. `stop()` and `start()` again
 * on the same port simulate a mail server that is down and comes back.
 */
export async function startSmtpServer(port = 0) {
  const received: ReceivedEmail[] = [];
  const waiters: Array<() => void> = [];
  let server: SMTPServer | undefined;
  let boundPort = port;

  async function start() {
    server = new SMTPServer({
      authOptional: true,
      disableReverseLookup: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
              a.value.map((v) => (v.address ?? '').toLowerCase()),
            );
            received.push({
              to,
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              mail,
            });
            for (const wake of waiters.splice(0)) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(boundPort, '127.0.0.1', () => resolve());
    });
    boundPort = (server.server.address() as AddressInfo).port;
  }

  async function stop() {
    const current = server;
    server = undefined;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  await start();
  return {
    received,
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    start,
    stop,
    /** The received emails to `address`, newest last. */
    to(address: string) {
      return received.filter((m) => m.to.includes(address.toLowerCase()));
    },
    /** Waits until an email to `address` matches (polls on every arrival), up to `timeoutMs`. */
    async waitFor(address: string, timeoutMs = 10_000, count = 1): Promise<ReceivedEmail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.filter((m) => m.to.includes(address.toLowerCase()));
        if (found.length >= count) return found[count - 1]!;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no email to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** The 6-digit code of a sign-in email. */
export function codeOf(email: ReceivedEmail): string {
  const match = /\b(\d{6})\b/.exec(email.text);
  if (!match) throw new Error(`no code in email: ${email.text}`);
  return match[1]!;
}
