import { data, redirect } from 'react-router';
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { settingsFormSchema } from '@parvoz/contracts/settings';
import { switchLocaleInPath } from '@parvoz/i18n/locales';
import { formatMoney } from '@parvoz/i18n/currency';
import { requestStateContext } from '../../lib/request-context.server.ts';
import type { Route } from './+types/settings';
import { PageHeading } from '../../components/PageHeading.tsx';
import { LanguageCurrencyForm } from '../../components/LanguageCurrencyFields.tsx';
import { useRootData, useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { currencyCookie, langCookie } from '../../lib/cookies.server.ts';
import { redirectWithToast } from '../../lib/toast.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { formatDate } from '../../lib/local-time.ts';

const loadSettingsSchema = () => import('@parvoz/contracts/settings').then((m) => m.settingsFormSchema);

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'page.settings.heading');

/** Language and currency for everyone, kept in cookies. Also the target of the header's currency switcher. */
export async function action({ request, context }: Route.ActionArgs) {
  // The schema the browser checks with too: a value the lists do not offer comes back under its field.
  const submission = parseForm(await request.formData(), settingsFormSchema);
  if (submission.status !== 'success')
    return data<{ submission: SubmissionResult }>({ submission: submission.reply() }, { status: 400 });
  const { language, currency, returnTo } = submission.value;
  const headers = new Headers();
  if (currency) headers.append('Set-Cookie', currencyCookie(currency));
  if (language) headers.append('Set-Cookie', langCookie(language));
  const lang = language ?? context.get(requestStateContext).locale;
  if (returnTo) return redirect(switchLocaleInPath(returnTo, lang), { headers });
  return redirectWithToast(`/${lang}/settings`, { type: 'success', key: 'settings.saved' }, { headers });
}

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
