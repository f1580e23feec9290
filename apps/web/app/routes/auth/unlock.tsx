import { Form, useSearchParams } from 'react-router';
import { authUnlockSchema } from '@parvoz/contracts/auth';
import { endpoints } from '@parvoz/contracts/endpoints';
import type { Route } from './+types/unlock';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Button } from '../../components/Button.tsx';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { ApiError } from '../../lib/api.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { parseForm } from '../../lib/form.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'auth.unlock.heading');

/**
 * The emailed link that re-enables code sign-in after it was suspended. Opening the link changes nothing
 * (mail scanners open links); the button posts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Read as every form is (lib/form.server.ts): the contract schema, only its own fields.
  const submission = parseForm(await request.formData(), authUnlockSchema, { onlySchemaFields: true });
  if (submission.status !== 'success') return { ok: false };
  try {
    await callEndpoint(context.get(requestStateContext).api, endpoints.unlockSignIn, {
      body: submission.value,
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { ok: false };
    throw error;
  }
}

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
