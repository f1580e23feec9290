/**
 * Authenticator apps (RFC 6238) through `otpauth`: SHA-1, 6 digits, 30-second steps (what every app reads
 * from a QR code), one step of drift either way. Which step a code matched is returned, so the service can
 * refuse a code already used (core `totpStepAcceptable`).
 */
import QRCode from 'qrcode';
import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_DRIFT_STEPS, TOTP_PERIOD_SECONDS } from '@parvoz/core/second-factor';

const totpOf = (base32: string, label = 'console') =>
  new TOTP({
    issuer: 'Parvoz',
    label,
    secret: Secret.fromBase32(base32),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });

/** A new secret of 160 bits (RFC 4226's recommendation), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What the QR code holds and the app reads: otpauth://totp/Parvoz:<email>?secret=…&issuer=Parvoz… */
export function totpUri(base32: string, email: string): string {
  return totpOf(base32, email).toString();
}

export async function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The time step a 6-digit code matches at `now` (± one step), or null. */
export function matchTotpStep(base32: string, code: string, now: Date): number | null {
  const totp = totpOf(base32);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

/** The code an app shows at `at` (tests, and the e2e helper, type what a phone would). */
export function totpCodeAt(base32: string, at: Date): string {
  return totpOf(base32).generate({ timestamp: at.getTime() });
}
