/**
 * The 6-digit codes emailed to prove an address (sign-in, a new contact email): drawn from a CSPRNG, stored only
 * as a hash salted with their row id (equal codes of different rows never share a hash), compared in constant time.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** The stored form of a row's secret (a code, or an emailed link's token). */
export function hashSecret(rowId: string, secret: string): string {
  return createHash('sha256').update(`${rowId}:${secret}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
