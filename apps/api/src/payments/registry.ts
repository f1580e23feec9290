/**
 * Every outside payment provider the site knows, one line each, in the order an order is offered them
 * (docs/payment-providers.md, "Adding a fifth provider"). The built-in sandbox is not here: it exists in demo
 * mode only (./index.ts). Selection, the providers' endpoints, the providers list the web shows and the
 * adapters at start are all derived from this list.
 */
import { clickProvider } from './click/index.ts';
import { iyzicoProvider } from './iyzico/index.ts';
import { paymeProvider } from './payme/index.ts';
import type { PaymentProviderModule } from './provider-module.ts';
import { stripeProvider } from './stripe/index.ts';

export const PAYMENT_PROVIDERS: readonly PaymentProviderModule[] = [
  paymeProvider,
  clickProvider,
  iyzicoProvider,
  stripeProvider,
];
