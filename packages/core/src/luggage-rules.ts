/**
 * Who may buy a luggage service: one rule for the API's booking check (booking-rules.ts) and the booking page's
 * boxes. Its own module without imports, so that the page gets it without the schemas (zod stays off its
 * critical path).
 */

/** Whether a passenger (its index in the offer's passengers, and type) may buy this luggage service. */
export function luggageSuits(
  service: { passenger_types: readonly string[]; passenger_index?: number | undefined },
  passengerIndex: number,
  type: string,
): boolean {
  return (
    service.passenger_types.includes(type) &&
    (service.passenger_index === undefined || service.passenger_index === passengerIndex)
  );
}
