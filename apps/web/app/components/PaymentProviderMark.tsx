import type { PaymentProviderDisplay } from '@parvoz/contracts/booking';

/**
 * A payment provider's badge (docs/payment-providers.md#what-every-provider-guarantees): drawn here (no downloaded
 * logo) in the provider's colour with its glyph, as the API describes the provider
 * (lib/payment-providers.server.ts); decorative, the name beside it (`display_name`) carries the meaning.
 */
export function PaymentProviderMark({ provider }: { provider: PaymentProviderDisplay }) {
  const { background, foreground, glyph } = provider.badge;
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0" focusable="false">
      <rect width="32" height="32" rx="8" fill={background} />
      <text
        x="16"
        y="21.5"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontSize="17"
        fontWeight="700"
        fill={foreground}
      >
        {glyph}
      </text>
    </svg>
  );
}
