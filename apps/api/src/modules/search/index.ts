/**
 * Flight search: what the rest of the API may use of this module (docs/architecture.md). Its table is touched
 * only by store.ts; the app registers the routes of routes.ts and builds the flight service and the search
 * counter from here; bookings and price alerts price offers through the flight service; the console's overview
 * reads the searches per day; tests read stored counts through testing/.
 */
export {
  createFlightService,
  searchEngineFor,
  type FlightService,
  type SupplierLog,
  type WireSearchData,
} from './service.ts';
export { createSearchCounter, type SearchCounter } from './search-counter.ts';
export { searchesPerDay } from './store.ts';
