/**
 * The tour request's party limit, zod-free: the tour page shows it with the page, while the request's schema
 * (tours.ts) loads after hydration.
 */
import { MAX_SEATED_PASSENGERS } from '@parvoz/core/passengers';

/** At most this many travellers in one request (as for flights: 9 seated passengers). */
export const MAX_TOUR_TRAVELLERS = MAX_SEATED_PASSENGERS;
