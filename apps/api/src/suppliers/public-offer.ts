/**
 * An offer as the API may show it: a real supplier's own service ids and prices (`available_services[].supplier`,
 * kept on the priced offer for the booking, decision 0017) never leave the API.
 */
import type { Offer } from '@parvoz/core/search-types';

export function publicOffer<T extends Offer>(offer: T): T {
  if (!offer.available_services.some((s) => s.supplier)) return offer;
  return {
    ...offer,
    available_services: offer.available_services.map(({ supplier: _supplier, ...shown }) => shown),
  };
}
