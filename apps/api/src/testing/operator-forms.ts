/**
 * The set-up of the suites of the public forms the operator is emailed about (last-minute tour requests, agency
 * applications): the API on a fresh database at a fixed clock, mailing the operator (in Russian) through a real
 * SMTP server, and each test posting from a visitor IP of its own, so the per-IP limits of one test never touch
 * another's.
 */
import { beforeEach } from 'vitest';
import { sql } from 'drizzle-orm';
import { startSmtpServer } from '../adapters/mail/testing/smtp-server.ts';
import { clientIps, useSmtpTestApi, visitorHeaders } from './api.ts';

export function useOperatorFormApi(options: { operatorEmail: string; clock: Date; ipPrefix: string }) {
  const nextIp = clientIps(options.ipPrefix);
  let ip: string;

  const api = useSmtpTestApi(
    startSmtpServer,
    (smtpUrl) => ({
      smtpUrl,
      operatorEmail: options.operatorEmail,
      operatorLang: 'ru',
      publicUrl: 'https://parvoz.test',
    }),
    { now: () => options.clock },
  );

  beforeEach(() => {
    ip = nextIp();
  });

  /** A POST from this test's visitor IP (as the web half names it), with more `headers` where given. */
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    api.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { ...visitorHeaders(ip), ...headers },
    });

  /** The rows of `table` now. */
  async function count(table: string): Promise<number> {
    const result = await api.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
    );
    return result.rows[0]!.n;
  }

  return { api, post, count };
}
