/**
 * Which supplier sells what (docs/suppliers.md): every supplier the site knows, whether configured here or not,
 * and the ones configured. An offer's id tells its supplier (each signs its ids its own way); an order's
 * `supplier` column names it (null: the built-in demonstration network, booked in our own tables). Services ask
 * this registry and never name a supplier; adding one is its folder and a line in SUPPLIERS. The configuration's
 * checks read each one's settings from here too (config-check.ts).
 */
import type { z } from 'zod';
import type { ExchangeRates } from '@parvoz/core/money';
import type { Network } from '@parvoz/core/network';
import type { ApiConfig } from '../config.ts';
import type { BudgetedSupplier } from './combined.ts';
import type { SupplierOrders, SupplierWebhook } from './orders.ts';
import { duffelSupplier } from './duffel/index.ts';

/** What a configured supplier brings: its search, its side of orders, its webhook if one is set up. */
export interface ConnectedSupplier {
  search: BudgetedSupplier;
  orders: SupplierOrders;
  /** Absent when the supplier sends no webhooks here (no secret configured). */
  webhook?: SupplierWebhook | undefined;
  /** How often its orders are reconciled and its airline changes read (ms); the worker's default if absent. */
  syncEveryMs?: number | undefined;
}

/** What the site needs to connect a supplier besides its settings. */
export interface SupplierContext {
  network: Network;
  rates: ExchangeRates;
  /** A supplier's offers that could not be shown (unknown place, airline, currency), by reason. */
  onDropped: (supplierId: string, reason: string, count: number) => void;
}

/** A supplier the site knows how to talk to. */
export interface SupplierKind {
  /**
   * Its name in `orders.supplier`, the metrics, its webhook's path (`/v1/webhooks/<id>`) and its settings' key in
   * the configuration (`SupplierSettings`, ./settings.ts).
   */
  id: string;
  /** Its name in log lines and messages. */
  name: string;
  /**
   * Its settings: `<prefix>_*` variables read by `settingsFromEnv` (payments/provider-settings.ts) into `schema`
   * by config-check.ts; the ones `schema` requires are what live mode asks for when no supplier is set.
   */
  settings: { prefix: string; schema: z.ZodObject };
  /** Whether an offer id is one of its offers (configured here or not). */
  ownsOffer(offerId: string): boolean;
  /** Connected by its settings, or null when they are not set. */
  connect(config: ApiConfig, context: SupplierContext): ConnectedSupplier | null;
}

/** Every supplier the site knows, in the order their offers are merged after the built-in network's. */
export const SUPPLIERS: readonly SupplierKind[] = [duffelSupplier];

/** Who sells an offer: the demonstration network, a configured supplier, or one not configured here. */
export type OfferSeller =
  { kind: 'demo' } | { kind: 'supplier'; supplier: ConnectedSupplier } | { kind: 'unconfigured'; id: string };

export interface SupplierRegistry {
  /** Every supplier the site knows (their webhook routes exist whether configured or not). */
  readonly known: readonly SupplierKind[];
  /** The suppliers configured here. */
  readonly connected: readonly ConnectedSupplier[];
  ofOffer(offerId: string): OfferSeller;
  /** The side of orders of an order's supplier (`orders.supplier`); undefined for the demo network's or one not configured. */
  orders(supplierId: string | null): SupplierOrders | undefined;
  /** The webhook of a supplier, when it is configured and has one. */
  webhook(supplierId: string): SupplierWebhook | undefined;
}

export function supplierRegistry(
  known: readonly SupplierKind[],
  connected: ReadonlyMap<string, ConnectedSupplier>,
): SupplierRegistry {
  return {
    known,
    connected: [...connected.values()],
    ofOffer(offerId) {
      const kind = known.find((k) => k.ownsOffer(offerId));
      if (!kind) return { kind: 'demo' };
      const supplier = connected.get(kind.id);
      return supplier ? { kind: 'supplier', supplier } : { kind: 'unconfigured', id: kind.id };
    },
    orders: (supplierId) => (supplierId === null ? undefined : connected.get(supplierId)?.orders),
    webhook: (supplierId) => connected.get(supplierId)?.webhook,
  };
}

/** The suppliers the configuration sets up (none: the built-in network alone). */
export function createSupplierRegistry(config: ApiConfig, context: SupplierContext): SupplierRegistry {
  const connected = new Map<string, ConnectedSupplier>();
  for (const kind of SUPPLIERS) {
    const supplier = kind.connect(config, context);
    if (supplier) connected.set(kind.id, supplier);
  }
  return supplierRegistry(SUPPLIERS, connected);
}
