/**
 * Card checks of the built-in sandbox payment page (docs/design.md §4) and its test cards. Pure: the sandbox
 * handler calls these and forgets the card data.
 */

/** Digits only ("4242 4242-4242 4242" → "4242424242424242"); null when other characters are present. */
export function cardDigits(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(compact) ? compact : null;
}

/** The Luhn (mod 10) check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * "MM/YY" or "MM/YYYY" (spaces allowed): valid through the end of that month. Returns null when not a
 * date, else whether it has not passed on `today` (YYYY-MM-DD, the payer's date).
 */
export function expiryNotPast(input: string, today: string): boolean | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  const [ty, tm] = today.split('-').map(Number) as [number, number];
  return year > ty || (year === ty && month >= tm);
}

export function cvcValid(input: string): boolean {
  return /^\d{3}$/.test(input.trim());
}

export type SandboxCardOutcome = 'success' | 'decline' | 'three_d_secure';

/** Test cards: 4242… succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 3220 asks for 3-D Secure. */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, SandboxCardOutcome>> = {
  '4242424242424242': 'success',
  '4000000000000002': 'decline',
  '4000000000003220': 'three_d_secure',
};

/** What the sandbox does with a valid card: the test cards as listed, every other valid card succeeds. */
export function sandboxOutcome(digits: string): SandboxCardOutcome {
  return SANDBOX_TEST_CARDS[digits] ?? 'success';
}
