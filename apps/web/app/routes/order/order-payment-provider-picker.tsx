import { useId } from 'react';
import type { PaymentProviderDisplay } from '@parvoz/contracts/booking';
import { PaymentProviderMark } from '../../components/PaymentProviderMark.tsx';
import { useT } from '../../lib/i18n.tsx';

/**
 * The choice of payment provider on the order page
 * (docs/payment-providers.md#what-every-provider-guarantees): native radio buttons in a fieldset, so the
 * arrow keys move between them and a screen reader names the group; the first is chosen. With one provider
 * there is nothing to choose: it is named, and sent as a hidden field. Names, what each provider is for
 * and badges are the API's, in the page's language (lib/payment-providers.server.ts).
 */
export function PaymentProviderPicker({ providers }: { providers: readonly PaymentProviderDisplay[] }) {
  const t = useT();
  const id = useId();
  if (providers.length === 0) return null;
  if (providers.length === 1) {
    const only = providers[0]!;
    return (
      <p className="flex items-center gap-2 text-sm text-neutral-700" data-testid="payment-provider">
        <input type="hidden" name="provider" value={only.name} />
        <PaymentProviderMark provider={only} />
        <span>{t('order.pay.with', { provider: only.display_name })}</span>
      </p>
    );
  }
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-semibold">{t('order.pay.providers.legend')}</legend>
      {providers.map((provider, index) => {
        const { name, description } = provider;
        return (
          <label
            key={name}
            htmlFor={`${id}-${name}`}
            className="flex min-w-0 cursor-pointer items-center gap-3 rounded border border-neutral-300 bg-white p-3 has-[:checked]:border-primary-600 has-[:checked]:ring-2 has-[:checked]:ring-primary-200 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-700"
          >
            <input
              id={`${id}-${name}`}
              type="radio"
              name="provider"
              value={name}
              defaultChecked={index === 0}
              className="size-4 shrink-0 accent-primary-700"
            />
            <PaymentProviderMark provider={provider} />
            <span className="grid min-w-0">
              <span className="font-medium">{provider.display_name}</span>
              {description ? (
                <span className="text-sm text-neutral-700 wrap-anywhere">{description}</span>
              ) : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
