/**
 * How a payment can differ between our records and the provider's statement when they are reconciled:
 * missing here, missing at the provider, another amount, or a refund one side does not know.
 */
export const DIFFERENCE_KINDS = ['missing_here', 'missing_at_provider', 'amount', 'refund'] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];
