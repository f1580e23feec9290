/**
 * The console's second factor (docs/decisions/0023-console-second-factor.md), as rules without I/O: who must have one, what a session may
 * do before it passes it, where passkeys can work, and the recovery codes' format. The service that keeps
 * factors and verifies them is apps/api/src/second-factor/.
 */

export type StaffRoleName = 'operator' | 'admin';

/**
 * Where a console session stands:
 * - `verified`: it passed the second factor (a passkey, an authenticator code, a recovery code, or enrolling
 *   its first factor), and stays so for its life;
 * - `verify`: the person has a factor and this session has not passed it yet;
 * - `enrol`: an admin with no factor: the emailed code lets them enrol one, nothing else;
 * - `optional`: an operator with no factor: the console is open to them, a factor is offered.
 */
export type SecondFactorStatus = 'verified' | 'verify' | 'enrol' | 'optional';

/** Admins must have a second factor; operators may. */
export function mustHaveSecondFactor(role: StaffRoleName): boolean {
  return role === 'admin';
}

export function secondFactorStatus(input: {
  role: StaffRoleName;
  factors: number;
  sessionVerified: boolean;
}): SecondFactorStatus {
  if (input.sessionVerified) return 'verified';
  if (input.factors > 0) return 'verify';
  return mustHaveSecondFactor(input.role) ? 'enrol' : 'optional';
}

/** Whether the console (beyond its second-factor pages and "who am I") is open to a session so placed. */
export function consoleOpen(status: SecondFactorStatus): boolean {
  return status === 'verified' || status === 'optional';
}

/**
 * Adding a factor: the emailed code alone is enough only for the first one; once a person has a factor, only
 * a session that passed it may add another (or a thief with the mailbox could add their own).
 */
export function mayEnrol(input: { factors: number; sessionVerified: boolean }): boolean {
  return input.factors === 0 || input.sessionVerified;
}

/** An admin keeps at least one factor; an operator may remove their last. */
export function mayRemoveFactor(input: { role: StaffRoleName; factorsAfter: number }): boolean {
  return !mustHaveSecondFactor(input.role) || input.factorsAfter > 0;
}

export type PasskeyOrigin =
  { available: true; rpId: string } | { available: false; reason: 'ip_address' | 'insecure_origin' };

/**
 * Passkeys (WebAuthn) on the site's public origin: the relying-party id is the origin's host name, which
 * cannot be an IP address (so not on `npm start`'s http://127.0.0.1:3000), and browsers offer WebAuthn only
 * on a secure origin (https, or http on localhost). Elsewhere only authenticator apps are offered.
 */
export function passkeyOrigin(origin: string): PasskeyOrigin {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return { available: false, reason: 'insecure_origin' };
  }
  const host = url.hostname;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('['))
    return { available: false, reason: 'ip_address' };
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local))
    return { available: false, reason: 'insecure_origin' };
  return { available: true, rpId: host };
}

/** Authenticator apps (RFC 6238): 6 digits, 30-second steps, one step of drift either way. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DRIFT_STEPS = 1;

/** A code is never accepted twice: only a time step later than the last one accepted. */
export function totpStepAcceptable(step: number, lastAcceptedStep: number | null): boolean {
  return lastAcceptedStep === null || step > lastAcceptedStep;
}

/** What a person typed as an authenticator code: digits only (spaces, as apps show them, are dropped). */
export function normaliseTotpCode(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(digits) ? digits : null;
}

/** Ten recovery codes per person, each shown once. */
export const RECOVERY_CODE_COUNT = 10;
/** Characters of a recovery code (Crockford's base32: no i, l, o, u), 10 of them: 50 bits. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_LENGTH = 10;
/** Random bytes one recovery code takes. */
export const RECOVERY_CODE_BYTES = RECOVERY_LENGTH;

/** A recovery code from random bytes (each byte's low 5 bits: uniform), shown as `xxxxx-xxxxx`. */
export function recoveryCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < RECOVERY_LENGTH) throw new RangeError(`a recovery code takes ${RECOVERY_LENGTH} bytes`);
  const chars = Array.from(bytes.subarray(0, RECOVERY_LENGTH), (b) => RECOVERY_ALPHABET[b & 31]!).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * A typed recovery code as it is stored (hashed): lower case, without spaces or dashes, with the letters
 * people confuse read as the digits they look like (o → 0, i and l → 1); null when it cannot be one.
 */
export function normaliseRecoveryCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  if (code.length !== RECOVERY_LENGTH) return null;
  for (const c of code) if (!RECOVERY_ALPHABET.includes(c)) return null;
  return code;
}
