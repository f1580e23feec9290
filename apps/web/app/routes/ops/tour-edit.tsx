import { useNavigation } from 'react-router';
import type { Route } from './+types/tour-edit';
import { useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { TextLink } from '../../components/TextLink.tsx';
import { Notice } from '../../features/ops/ConfirmStep.tsx';
import { TourPublished } from '../../features/ops/TourPublished.tsx';
import { TourEditForm } from './tour-edit-form.tsx';
import { TourHistory, TourPicture, TourPublishing } from './tour-edit-sections.tsx';
import type { TourActionResult } from './tour-edit-fields.ts';
import { personalPageHeaders } from '../../lib/page-cache.server.ts';

export { loader, action } from './tour-edit.server.ts';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.tour ? 'ops.tours.edit' : 'ops.tours.new'),
  { name: 'robots', content: 'noindex, nofollow' },
];

export const headers = personalPageHeaders;

export default function OpsTourEdit({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state !== 'idle';
  const { tour, history, justDone } = loaderData;
  const result = actionData as TourActionResult | undefined;
  return (
    <div className="grid gap-6">
      <p>
        <TextLink to="/ops/tours">{t('ops.tours.back')}</TextLink>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <PageHeading>{t(tour ? 'ops.tours.edit' : 'ops.tours.new')}</PageHeading>
        {tour ? <TourPublished published={tour.published} /> : null}
      </div>
      {justDone && !result ? <Notice kind="done">{t(justDone)}</Notice> : null}
      {result && 'done' in result ? <Notice kind="done">{t(result.done)}</Notice> : null}
      {result && 'problem' in result ? <Notice kind="error">{t(result.problem)}</Notice> : null}
      {tour ? <TourPublishing tour={tour} busy={busy} /> : null}
      {tour ? <TourPicture tour={tour} busy={busy} /> : null}
      <TourEditForm
        tour={tour}
        busy={busy}
        failed={result && 'problem' in result ? result.submission : undefined}
      />
      {tour ? <TourHistory history={history} /> : null}
    </div>
  );
}
