/** What the rest of the API may use of the promo codes module (docs/architecture.md). */
export { promoRefused, redeemPromo, releasePromoUses, usablePromo, type UsablePromo } from './service.ts';
