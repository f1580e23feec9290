import { getFormProps } from '@conform-to/react';
import type { Route } from './+types/settings';
import { PageHeading } from '../../components/PageHeading.tsx';
import { LanguageCurrencyForm } from '../../components/LanguageCurrencyFields.tsx';
import { useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';

export { loader, action } from './settings.server.ts';

const loadProfileSettingsSchema = () =>
  import('@parvoz/contracts/settings').then((m) => m.profileSettingsFormSchema);

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'page.profileSettings.heading');

export default function Page({ actionData }: Route.ComponentProps) {
  const t = useT();
  const [form, fields] = useContractForm(
    'profile-settings',
    loadProfileSettingsSchema,
    actionData?.submission,
  );
  return (
    <>
      <PageHeading>{t('page.profileSettings.heading')}</PageHeading>
      <p className="mb-4 text-neutral-700">{t('profile.settings.lead')}</p>
      <LanguageCurrencyForm formProps={getFormProps(form)} idPrefix="profile" fields={fields} />
    </>
  );
}
