import { useSearchParams } from 'react-router';
import type { Route } from './+types/undo-email';
import { MailedLinkPage } from '../../components/MailedLinkPage.tsx';
import { useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';

export { action } from './undo-email.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'manage.undoEmail.heading');

export default function UndoEmailChange({ actionData }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <MailedLinkPage
      heading={t('manage.undoEmail.heading')}
      lead={t('manage.undoEmail.lead')}
      submit={t('manage.undoEmail.submit')}
      done={t('manage.undoEmail.done')}
      invalid={t('manage.undoEmail.invalid')}
      fields={{ change: params.get('change') ?? '', token: params.get('token') ?? '' }}
      result={actionData}
    />
  );
}
