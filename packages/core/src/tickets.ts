/**
 * E-ticket numbers (docs/design.md §4): 13 digits, a 3-digit airline accounting prefix and a 10-digit serial,
 * one per passenger and flight. The built-in network has no accounting codes, so the prefix is derived
 * from the carrier's IATA code (stable, 100–999); the serial comes from the database sequence.
 */

/** A stable 3-digit prefix (100–999) for a carrier code. */
export function airlinePrefix(iataCode: string): string {
  let h = 0;
  for (const ch of iataCode.toUpperCase()) h = (h * 31 + ch.charCodeAt(0)) % 900;
  return String(100 + h);
}

/** "250" + serial 42 → "2500000000042". */
export function ticketNumber(iataCode: string, serial: number): string {
  if (!Number.isSafeInteger(serial) || serial < 1 || serial > 9_999_999_999)
    throw new RangeError(`ticket serial out of range: ${serial}`);
  return airlinePrefix(iataCode) + String(serial).padStart(10, '0');
}

export function isTicketNumber(value: string): boolean {
  return /^\d{13}$/.test(value);
}
