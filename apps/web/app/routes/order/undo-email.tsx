import { Form, useSearchParams } from 'react-router';
import { emailChangeUndoRequestSchema } from '@parvoz/contracts/order-manage';
import { endpoints } from '@parvoz/contracts/endpoints';
import type { Route } from './+types/undo-email';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Button } from '../../components/Button.tsx';
import { useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { ApiError } from '../../lib/api.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'manage.undoEmail.heading');

/**
 * The link mailed to the address a contact email change replaced (docs/decisions/0022-email-change-undo.md).
 * Opening it changes nothing: mail scanners and prefetchers follow links, so only the button posts the undo.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = emailChangeUndoRequestSchema.safeParse({ token: form.token });
  const change = typeof form.change === 'string' ? form.change : '';
  if (!parsed.success || !change) return { ok: false };
  try {
    await callEndpoint(context.get(requestStateContext).api, endpoints.undoOrderEmailChange, {
      params: { id: params.id, change_id: change },
      body: parsed.data,
    });
    return { ok: true };
  } catch (error) {
    // A malformed id (400), a spent or lapsed link (422): the same "not valid" for the reader.
    if (error instanceof ApiError && error.status < 500) return { ok: false };
    throw error;
  }
}

export default function UndoEmailChange({ actionData }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-md">
      <PageHeading>{t('manage.undoEmail.heading')}</PageHeading>
      {actionData?.ok ? (
        <p role="status" className="rounded bg-green-50 p-3 text-green-900">
          {t('manage.undoEmail.done')}
        </p>
      ) : (
        <Form method="post" className="grid gap-4">
          {actionData && !actionData.ok ? (
            <p role="alert" className="rounded bg-red-50 p-3 text-red-800">
              {t('manage.undoEmail.invalid')}
            </p>
          ) : null}
          <p>{t('manage.undoEmail.lead')}</p>
          <input type="hidden" name="change" value={params.get('change') ?? ''} />
          <input type="hidden" name="token" value={params.get('token') ?? ''} />
          <div>
            <Button type="submit" size="md">
              {t('manage.undoEmail.submit')}
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
