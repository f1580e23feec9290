import { data, redirect } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import { settingsFormSchema } from '@parvoz/contracts/settings';
import { switchLocaleInPath } from '@parvoz/i18n/locales';
import { requestStateContext } from '../../lib/request-context.server.ts';
import type { Route } from './+types/settings';
import { currencyCookie, langCookie } from '../../lib/cookies.server.ts';
import { redirectWithToast } from '../../lib/toast.server.ts';
import { parseForm } from '../../lib/form.server.ts';

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
