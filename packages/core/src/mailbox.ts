/**
 * The mailbox an email address delivers to, for caps counted per address (docs/operations.md, "Counting by
 * mailbox"): without it, `name+1@`, `name+2@` … would each get a fresh budget while every email lands in
 * one inbox. Pure; the address itself is stored and mailed as typed.
 *
 * The rule, deliberately simple: case folded, and a `+tag` (sub-addressing, RFC 5233) dropped from the
 * local part. Dots are kept, also for Gmail: most providers deliver `a.b@` and `ab@` to different people,
 * and the per-network caps still bound a Gmail user who spells one address with different dots.
 */
export function canonicalMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  // "+tag@…" alone has no mailbox name to keep: the whole local part is the name.
  return plus > 0 ? `${local.slice(0, plus)}${address.slice(at)}` : address;
}
