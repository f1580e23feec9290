import type { PaymentProvidersList } from '@parvoz/contracts/booking';
import { PaymentProviderMark, usePaymentProviderName } from '../../components/PaymentProviderMark.tsx';
import { useT } from '../../lib/i18n.tsx';

/** The payment providers this site takes, on the payment security page (docs/payment-providers.md). */
export function PaymentProvidersInUse({ providers }: { providers: PaymentProvidersList['providers'] }) {
  const t = useT();
  const nameOf = usePaymentProviderName();
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
            <PaymentProviderMark name={provider.name} />
            <span className="grid">
              <span className="font-medium">{nameOf(provider.name)}</span>
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
