import type { PaymentProviderDisplay, PaymentProvidersList } from '@parvoz/contracts/booking';
import { PaymentProviderMark } from '../../components/PaymentProviderMark.tsx';
import { useT } from '../../lib/i18n.tsx';

/** A provider this site takes, with the currencies it is offered for and how it is shown. */
export type ProviderInUse = PaymentProvidersList['providers'][number] & { display: PaymentProviderDisplay };

/** The payment providers this site takes, on the payment security page (docs/payment-providers.md). */
export function PaymentProvidersInUse({ providers }: { providers: readonly ProviderInUse[] }) {
  const t = useT();
  if (providers.length === 0) return null;
  return (
    <section aria-labelledby="providers-in-use" className="mt-8">
      <h2 id="providers-in-use" className="text-xl font-semibold">
        {t('info.providers.heading')}
      </h2>
      <p className="mt-3 leading-relaxed text-neutral-700">{t('info.providers.lead')}</p>
      <ul className="mt-3 grid gap-2" data-testid="payment-providers">
        {providers.map((provider) => (
          <li key={provider.name} className="flex items-center gap-3">
            <PaymentProviderMark provider={provider.display} />
            <span className="grid">
              <span className="font-medium">{provider.display.display_name}</span>
              <span className="text-sm text-neutral-700">
                {t('info.providers.currencies', { currencies: provider.currencies.join(', ') })}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
