/** The web reads booking field errors through the contract's key list: it must hold every core rule's key. */
import { expect, test } from 'vitest';
import { BOOKING_ERROR_KEYS } from '@parvoz/contracts/booking';
import { BOOKING_RULE_KEYS } from '@parvoz/core/booking-rules';

test('every booking-rule message key is in the contract', () => {
  expect(BOOKING_RULE_KEYS.filter((key) => !(BOOKING_ERROR_KEYS as readonly string[]).includes(key))).toEqual(
    [],
  );
});
