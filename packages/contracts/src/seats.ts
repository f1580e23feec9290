/**
 * Seat maps (docs/seats.md): GET /v1/offers/{id}/seat_maps answers the seats of each flight of an offer, the way
 * Duffel's seat maps do (docs/duffel.md, "Seat maps"): rows of sections between aisles, each seat with the
 * passengers who may take it (their index in the offer's `passengers`) and its price for them in the offer's
 * currency ("0.00" free); a seat nobody may take lists none. POST /v1/orders takes the chosen seats in `seats`.
 */
import { z } from 'zod';
import { CABINS } from '@parvoz/core/vocabulary';
import { CURRENCIES } from '@parvoz/i18n/currency';

export const SEAT_FEATURES = ['window', 'aisle', 'extra_legroom', 'exit_row'] as const;

export const seatSchema = z.object({
  designator: z.string(),
  features: z.array(z.enum(SEAT_FEATURES)),
  services: z.array(z.object({ passenger_index: z.number(), amount: z.string() })),
});

export const seatMapSchema = z.object({
  slice_index: z.number(),
  segment_index: z.number(),
  flight_key: z.string(),
  cabin_class: z.enum(CABINS),
  currency: z.enum(CURRENCIES),
  rows: z.array(z.object({ number: z.number(), sections: z.array(z.array(seatSchema)) })),
});
export type ApiSeatMap = z.infer<typeof seatMapSchema>;
export type ApiSeat = z.infer<typeof seatSchema>;

/** One map per flight of the offer, in its order; empty when the airline shows none. */
export const seatMapsResponseSchema = z.object({ data: z.array(seatMapSchema) });

/** A seat chosen in POST /v1/orders: for a passenger (index in the body's `passengers`) on one flight of the offer. */
export const bookingSeatSchema = z.object({
  passenger_index: z.number({ error: 'booking.error.seat' }).int().min(0).max(17),
  slice_index: z.number({ error: 'booking.error.seat' }).int().min(0).max(5),
  segment_index: z.number({ error: 'booking.error.seat' }).int().min(0).max(9),
  designator: z.string({ error: 'booking.error.seat' }).regex(/^[1-9]\d{0,2}[A-Z]$/, 'booking.error.seat'),
});
export type BookingSeat = z.infer<typeof bookingSeatSchema>;

/** A seat of an order: the flight, the seat and what it cost (in the order's currency). */
export const orderSeatSchema = z.object({
  slice_index: z.number(),
  segment_index: z.number(),
  designator: z.string(),
  amount: z.string(),
});
