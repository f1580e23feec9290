import { z } from 'zod';
import { fareConditionsSchema, orderSliceSchema, priceBreakdownItemSchema } from '@parvoz/contracts/booking';
import { fareFamilySchema } from '@parvoz/contracts/search';

const allowanceSchema = z.object({
  cabin: z.object({ quantity: z.number(), weight_kg: z.number() }),
  checked: z.object({ quantity: z.number(), weight_kg: z.number() }),
});

/** The parts of GET /v1/offers/{id} the booking page uses (DESIGN §3; see packages/core search-types). */
export const bookingOfferSchema = z.object({
  id: z.string(),
  total_amount: z.string(),
  total_currency: z.string(),
  expires_at: z.string(),
  slices: z.array(orderSliceSchema).min(1),
  passengers: z.array(z.object({ id: z.string(), type: z.enum(['adult', 'child', 'infant']) })).min(1),
  cabin_class: z.enum(['economy', 'business']),
  fare_family: fareFamilySchema,
  /** What comes back on a cancellation (issue 13): shown in the fare summary before booking. */
  conditions: fareConditionsSchema,
  baggage: allowanceSchema,
  seats_left: z.number().optional(),
  price_breakdown: z.array(priceBreakdownItemSchema),
  available_services: z.array(
    z.object({
      id: z.string(),
      type: z.literal('baggage'),
      slice_index: z.number(),
      weight_kg: z.number(),
      amount: z.string(),
      currency: z.string(),
      passenger_types: z.array(z.enum(['adult', 'child', 'infant'])),
    }),
  ),
});
export type BookingOffer = z.infer<typeof bookingOfferSchema>;
export type LuggageOption = BookingOffer['available_services'][number];
