import { eq, or, sql, type Column, type SQL } from 'drizzle-orm';
import { canonicalMailbox } from '@parvoz/core/mailbox';

/**
 * Rows whose stored (lower-cased) address may be a spelling of `email`'s mailbox: the mailbox itself, or
 * it with a `+tag`. A prefilter the database can answer; callers keep the rows whose `canonicalMailbox` is
 * `email`'s, so the rule itself lives in that one function (docs/operations.md, "Counting by mailbox").
 */
export function mailboxCandidates(column: Column, email: string): SQL {
  const mailbox = canonicalMailbox(email);
  const at = mailbox.lastIndexOf('@');
  if (at <= 0) return eq(column, mailbox);
  return or(eq(column, mailbox), sql`starts_with(${column}, ${`${mailbox.slice(0, at)}+`})`)!;
}
