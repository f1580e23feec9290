/**
 * The search's limits as core defines them (docs/design.md §3: the 330-day horizon, 9 seated passengers, the
 * cabins), re-exported for the web, which may not import core's rules itself. No zod here: the search form
 * shows these with the page, while its schema (search-form.ts) loads after hydration.
 */
export {
  MAX_SEATED_PASSENGERS,
  checkPassengerCounts,
  type PassengerCounts,
  type PassengerCountsError,
} from '@parvoz/core/passengers';
export { HORIZON_DAYS as SEARCH_HORIZON_DAYS, CABINS, type Cabin } from '@parvoz/core/schedule';
export { MAX_SLICES } from '@parvoz/core/search-config';
