/**
 * What the order endpoints refuse (./refusals.ts), by step: booking an offer, reading and paying an order,
 * an airline's change, managing the booking and cancelling it. The words for each reason are the web's, in
 * the message files (packages/i18n).
 */
import { z } from 'zod';
import { holdLimitDetailsSchema, priceChangedDetailsSchema } from './booking.ts';
import { CANCELLATION_REFUSALS } from './order-cancellations.ts';
import { promoRefusals } from './promo-codes.ts';
import {
  idempotentRefusals,
  noDetails,
  reason,
  refusals,
  supplierRefusals,
  type RefusalMap,
} from './refusals.ts';

/** An offer that cannot be read or booked: gone (404), expired (410), or its seats sold. */
export const offerRefusals = {
  not_found: [noDetails],
  offer_expired: [noDetails],
  offer_unavailable: [noDetails, reason('sold_out')],
} as const satisfies RefusalMap;

/** POST /v1/orders: besides the form's field errors (400) and the offer's refusals. */
export const createOrderRefusals = refusals(
  refusals(offerRefusals, refusals(idempotentRefusals, supplierRefusals)),
  refusals(promoRefusals, {
    unprocessable: [priceChangedDetailsSchema],
    hold_limit_reached: [holdLimitDetailsSchema],
  }),
);

/** An order the caller may not read (anyone but its owner or a holder of its access link): 404. */
export const orderAccessRefusals = { not_found: [noDetails] } as const satisfies RefusalMap;

/** Why an order cannot be paid here: not a payable order, or not at a provider of this site. */
export const paymentRefusals = refusals(orderAccessRefusals, {
  unprocessable: [
    reason('demo_order'),
    reason('currency_not_payable', { currency: z.string() }),
    reason('provider_not_offered', { offered: z.array(z.string()) }),
    reason('already_paid'),
    reason('cancelled'),
    reason('payment_window_closed'),
  ],
});

/** Accepting an airline's change: not one this order may accept, or the airline out of reach. */
export const airlineChangeRefusals = refusals(refusals(orderAccessRefusals, supplierRefusals), {
  unprocessable: [reason('not_acceptable')],
});

/** A new contact email that is already the contact email. */
export const emailChangeRefusals = refusals(orderAccessRefusals, {
  unprocessable: [reason('same_email')],
});

/** The code sent to the new contact email: wrong (with the tries left), or no longer valid. */
export const emailChangeConfirmRefusals = refusals(orderAccessRefusals, {
  invalid_code: [reason('wrong_code', { attempts_left: z.number() }), reason('code_expired')],
});

/** The undo link mailed to the replaced address: not (or no longer) valid. */
export const emailChangeUndoRefusals = { invalid_code: [reason('expired')] } as const satisfies RefusalMap;

/** Sending the tickets again: the order has none that are valid. */
export const resendTicketsRefusals = refusals(orderAccessRefusals, {
  unprocessable: [reason('not_ticketed')],
});

/** Quoting or confirming a cancellation (the traveller's or the console's): why not, or the airline away. */
export const cancellationRefusals = refusals(refusals(orderAccessRefusals, supplierRefusals), {
  unprocessable: CANCELLATION_REFUSALS.map((name) => reason(name)),
});
