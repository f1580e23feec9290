import { Form } from 'react-router';
import { endpoints } from '@parvoz/contracts/endpoints';
import { profileSettingsFormSchema } from '@parvoz/contracts/profile';
import type { Route } from './+types/profile-settings';
import { PageHeading } from '../components/PageHeading.tsx';
import { LanguageCurrencyFields } from '../components/LanguageCurrencyFields.tsx';
import { Button } from '../components/Button.tsx';
import { useRootData, useT } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { currencyCookie, langCookie } from '../lib/cookies.server.ts';
import { redirectWithToast } from '../lib/toast.server.ts';
import { callEndpoint } from '../lib/endpoint-client.server.ts';
import { requestStateContext } from '../lib/request-context.server.ts';
import { runGuards } from '../lib/guards.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'page.profileSettings.heading');

export async function loader({ context }: Route.LoaderArgs) {
  await runGuards(context, 'auth');
  return null;
}

/** Saves language and currency to the profile and applies them at once (cookies + the new language's URL). */
export async function action({ request, context }: Route.ActionArgs) {
  await runGuards(context, 'auth');
  const parsed = profileSettingsFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response('Invalid settings', { status: 400, statusText: 'Bad Request' });
  const { language, currency } = parsed.data;
  await callEndpoint(context.get(requestStateContext).api, endpoints.updateMe, {
    body: { language, currency },
  });
  const headers = new Headers();
  headers.append('Set-Cookie', langCookie(language));
  headers.append('Set-Cookie', currencyCookie(currency));
  const lang = language ?? context.get(requestStateContext).locale;
  return redirectWithToast(
    `/${lang}/profile/settings`,
    { type: 'success', key: 'settings.saved' },
    { headers },
  );
}

export default function Page() {
  const t = useT();
  const { locale, currency } = useRootData();
  return (
    <>
      <PageHeading>{t('page.profileSettings.heading')}</PageHeading>
      <p className="mb-4 text-neutral-700">{t('profile.settings.lead')}</p>
      <Form method="post" className="grid max-w-sm gap-4" key={`${locale}-${currency}`}>
        <LanguageCurrencyFields idPrefix="profile" />
        <div>
          <Button type="submit" size="md">
            {t('settings.save')}
          </Button>
        </div>
      </Form>
    </>
  );
}
