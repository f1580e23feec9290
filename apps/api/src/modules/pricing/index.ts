/** What the rest of the API may use of the pricing module (docs/architecture.md). */
export { ruleVersionCount } from './store.ts';
