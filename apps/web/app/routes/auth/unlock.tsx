import { Form, useSearchParams } from 'react-router';
import type { Route } from './+types/unlock';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Button } from '../../components/Button.tsx';
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
    <div className="mx-auto max-w-md">
      <PageHeading>{t('auth.unlock.heading')}</PageHeading>
      {actionData?.ok ? (
        <p role="status" className="rounded bg-green-50 p-3 text-green-900">
          {t('auth.unlock.done')}{' '}
          <LocalizedLink to="/login" className="font-semibold underline">
            {t('auth.page.heading')}
          </LocalizedLink>
        </p>
      ) : (
        <Form method="post" className="grid gap-4">
          {actionData && !actionData.ok ? (
            <p role="alert" className="rounded bg-red-50 p-3 text-red-800">
              {t('auth.unlock.invalid')}
            </p>
          ) : null}
          <p>{t('auth.unlock.lead', { email })}</p>
          <input type="hidden" name="email" value={email} />
          <input type="hidden" name="token" value={token} />
          <div>
            <Button type="submit" size="md">
              {t('auth.unlock.submit')}
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
