import { getFormProps } from '@conform-to/react';
import { formatMoney } from '@parvoz/i18n/currency';
import type { Route } from './+types/settings';
import { PageHeading } from '../../components/PageHeading.tsx';
import { LanguageCurrencyForm } from '../../components/LanguageCurrencyFields.tsx';
import { useRootData, useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { formatDate } from '../../lib/local-time.ts';

export { action } from './settings.server.ts';

const loadSettingsSchema = () => import('@parvoz/contracts/settings').then((m) => m.settingsFormSchema);

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'page.settings.heading');

/** A fixed sample so the preview reads the same on the server and after hydration. */
const SAMPLE_DATE = Date.UTC(2026, 2, 5, 9, 30);

export default function Settings({ actionData }: Route.ComponentProps) {
  const t = useT();
  const { locale, currency } = useRootData();
  const [form, fields] = useContractForm('settings', loadSettingsSchema, actionData?.submission);
  return (
    <>
      <PageHeading>{t('page.settings.heading')}</PageHeading>
      <LanguageCurrencyForm formProps={getFormProps(form)} idPrefix="settings" fields={fields}>
        <p className="text-sm text-neutral-700" data-testid="format-preview">
          {t('settings.preview', {
            price: formatMoney(locale, 1234567.5, currency),
            date: formatDate(locale, 'longDateStyle', SAMPLE_DATE),
          })}
        </p>
      </LanguageCurrencyForm>
    </>
  );
}
