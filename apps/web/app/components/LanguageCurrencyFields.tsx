import { LOCALES } from '@parvoz/i18n/locales';
import { CURRENCIES } from '@parvoz/i18n/currency';
import { useRootData, useT } from '../lib/i18n.tsx';

/** The language and currency pickers of both settings forms (cookies for everyone, the profile when signed in). */
export function LanguageCurrencyFields({ idPrefix }: { idPrefix: string }) {
  const t = useT();
  const { locale, currency, languageNames } = useRootData();
  return (
    <>
      <div className="grid gap-1">
        <label htmlFor={`${idPrefix}-language`} className="font-medium">
          {t('settings.language')}
        </label>
        <select
          id={`${idPrefix}-language`}
          name="language"
          defaultValue={locale}
          className="rounded border border-neutral-300 bg-white px-3 py-2"
        >
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {languageNames[l]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${idPrefix}-currency`} className="font-medium">
          {t('settings.currency')}
        </label>
        <select
          id={`${idPrefix}-currency`}
          name="currency"
          defaultValue={currency}
          className="rounded border border-neutral-300 bg-white px-3 py-2"
        >
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
