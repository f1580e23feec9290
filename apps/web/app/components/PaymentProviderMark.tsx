import { useT, type MessageKey } from '../lib/i18n.tsx';

/**
 * A payment provider's mark and name (docs/payment-providers.md#what-every-provider-guarantees): a small
 * badge drawn here (no downloaded logo), in the provider's colour with its initial; decorative, the name
 * beside it carries the meaning. A provider with no row below (one added later) gets a neutral badge and its
 * name as it is.
 */
const MARKS: Record<string, { background: string; foreground: string; glyph: string; name?: string }> = {
  payme: { background: '#00bfbf', foreground: '#ffffff', glyph: 'p', name: 'Payme' },
  click: { background: '#0073ff', foreground: '#ffffff', glyph: 'C', name: 'Click' },
  iyzico: { background: '#1e64ff', foreground: '#ffffff', glyph: 'i', name: 'iyzico' },
  stripe: { background: '#635bff', foreground: '#ffffff', glyph: 'S', name: 'Stripe' },
  sandbox: { background: '#e5e7eb', foreground: '#374151', glyph: '▭' },
};

/** Names that are words of ours, in the page's language (brands keep their own name). */
const NAME_KEYS: Record<string, MessageKey> = { sandbox: 'payment.provider.sandbox.name' };

export function usePaymentProviderName(): (name: string) => string {
  const t = useT();
  return (name) => {
    const key = NAME_KEYS[name];
    if (key) return t(key);
    return MARKS[name]?.name ?? name.charAt(0).toUpperCase() + name.slice(1);
  };
}

export function PaymentProviderMark({ name }: { name: string }) {
  const mark = MARKS[name] ?? {
    background: '#e5e7eb',
    foreground: '#374151',
    glyph: name.charAt(0).toUpperCase(),
  };
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0" focusable="false">
      <rect width="32" height="32" rx="8" fill={mark.background} />
      <text
        x="16"
        y="21.5"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontSize="17"
        fontWeight="700"
        fill={mark.foreground}
      >
        {mark.glyph}
      </text>
    </svg>
  );
}
