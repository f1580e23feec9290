import type { PricedOffer } from '@parvoz/contracts/offers';

/** GET /v1/offers/{id} as the booking page reads it: the contract's priced offer (packages/contracts). */
export type BookingOffer = PricedOffer;
export type LuggageOption = BookingOffer['available_services'][number];
