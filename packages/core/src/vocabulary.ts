/**
 * The words of the product's rules, declared once: fare families (pricing.ts prices them), passenger types
 * (passengers.ts counts them) and cabins (schedule.ts flies them). The contracts' schemas and the web's pages
 * take their lists from here; the site's languages are `LOCALES` (packages/i18n/src/locales.ts).
 */

/** Every cabin's base and flexible fare (economy: light, standard; business: business, business_flex). */
export const FARE_FAMILIES = ['light', 'standard', 'business', 'business_flex'] as const;
export type FareFamily = (typeof FARE_FAMILIES)[number];

/** Adults 12+, children 2–11, infants under 2 on an adult's lap (passengers.ts). */
export const PASSENGER_TYPES = ['adult', 'child', 'infant'] as const;
export type PassengerType = (typeof PASSENGER_TYPES)[number];

export const CABINS = ['economy', 'business'] as const;
export type Cabin = (typeof CABINS)[number];
