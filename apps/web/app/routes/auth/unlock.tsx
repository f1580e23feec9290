import { useSearchParams } from 'react-router';
import type { Route } from './+types/unlock';
import { MailedLinkPage } from '../../components/MailedLinkPage.tsx';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';

export { action } from './unlock.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'auth.unlock.heading');

export default function Unlock({ actionData }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  return (
    <MailedLinkPage
      heading={t('auth.unlock.heading')}
      lead={t('auth.unlock.lead', { email })}
      submit={t('auth.unlock.submit')}
      done={
        <>
          {t('auth.unlock.done')}{' '}
          <LocalizedLink to="/login" className="font-semibold underline">
            {t('auth.page.heading')}
          </LocalizedLink>
        </>
      }
      invalid={t('auth.unlock.invalid')}
      fields={{ email, token }}
      result={actionData}
    />
  );
}
