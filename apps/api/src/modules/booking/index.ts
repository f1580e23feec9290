/**
 * A booking from an offer: the one way an order starts (docs/architecture.md).
 */
export { createOrder, orderRequestHash } from './create-order.ts';
