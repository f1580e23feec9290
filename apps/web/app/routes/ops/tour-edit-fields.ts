import type { SubmissionResult } from '@conform-to/react';
import type { z } from 'zod';
import { opsTourFormSchema, type OpsTour } from '@parvoz/contracts/ops-tours';
import type { MessageKey } from '../../lib/i18n.tsx';

// The console has no JavaScript budget: the tour form's schema comes with the page.
export const loadTourFormSchema = async () => opsTourFormSchema;
export type TourFormSchema = typeof opsTourFormSchema;
/** The form's fields as it names them (`title.en`, `includes`). */
export type TourFormFields = z.input<TourFormSchema>;

/** The tour page's answer to a post: what was done, or the refusal (with the form's errors for a save). */
export type TourActionResult = { done: MessageKey } | { problem: MessageKey; submission?: SubmissionResult };

/** The form's first values: the tour as stored, or a new tour's usual week for a group with flight and hotel. */
export function tourFormDefaults(tour: OpsTour | null) {
  if (!tour) return { nights: '7', seats_left: '10', currency: 'USD', includes: ['flight', 'hotel'] };
  return {
    slug: tour.slug,
    title: tour.title,
    summary: tour.summary,
    description: tour.description,
    origin_code: tour.origin_code,
    destination_code: tour.destination_code,
    country_code: tour.country_code,
    hotel_name: tour.hotel_name,
    hotel_stars: tour.hotel_stars === null ? null : String(tour.hotel_stars),
    board_basis: tour.board_basis,
    departs_on: tour.departs_on,
    nights: String(tour.nights),
    price: tour.price,
    currency: tour.currency,
    seats_left: String(tour.seats_left),
    includes: tour.includes,
  };
}
