/** What the rest of the API may use of the pricing module (docs/architecture.md). */
export { ruleVersionCount } from './store.ts';
export { EFFECTIVE_LEAD_MS, ruleBookOf, type RuleBook } from './service.ts';
export { priceCalendar, priceDateGrid, pricedSupplier, priceOffer, type PricingDeps } from './apply.ts';
export { consoleScopeOf, coreScopeOf, invalidInput, majorMoney, minorAmountOf } from './console-shapes.ts';
export { createPriceSampler, type PriceSampler } from './samples.ts';
