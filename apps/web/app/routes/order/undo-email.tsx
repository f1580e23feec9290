import { Form, useSearchParams } from 'react-router';
import type { Route } from './+types/undo-email';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Button } from '../../components/Button.tsx';
import { useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';

export { action } from './undo-email.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'manage.undoEmail.heading');

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
