import { Form } from 'react-router';
import type { OpsTour, OpsTourHistoryEntry } from '@parvoz/contracts/ops-tours';
import { useRootData, useT } from '../../lib/i18n.tsx';
import { formatInstant } from '../../lib/local-time.ts';
import { Button } from '../../components/Button.tsx';
import { PostButton } from '../../components/PostButton.tsx';
import { FormField } from '../../components/FormField.tsx';
import { TextLink } from '../../components/TextLink.tsx';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { AUDIT_ACTION_LABEL } from '../../features/ops/TourPublished.tsx';
import { OpsPanel } from '../../features/ops/OpsPanel.tsx';

/** Publish or unpublish (one button), and the link to the tour on the site once it is there. */
export function TourPublishing({ tour, busy }: { tour: OpsTour; busy: boolean }) {
  const t = useT();
  return (
    <OpsPanel id="tour-publishing" heading={t('ops.tours.publishing')}>
      <p>{t(tour.published ? 'ops.tours.publishedHint' : 'ops.tours.draftHint')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <PostButton
          intent={tour.published ? 'unpublish' : 'publish'}
          disabled={busy}
          variant={tour.published ? 'outline' : 'solid'}
        >
          {t(tour.published ? 'ops.tours.unpublish' : 'ops.tours.publish')}
        </PostButton>
        {tour.published ? <TextLink to={`/tours/${tour.slug}`}>{t('ops.tours.viewOnSite')}</TextLink> : null}
      </div>
    </OpsPanel>
  );
}

/** The tour's picture and the upload of a new one (a file post, without JavaScript too). */
export function TourPicture({ tour, busy }: { tour: OpsTour; busy: boolean }) {
  const t = useT();
  const { locale } = useRootData();
  return (
    <OpsPanel id="tour-picture" heading={t('ops.tours.image.heading')}>
      {tour.image_url ? (
        <img
          src={tour.image_url}
          alt={t('ops.tours.image.current', { title: tour.title[locale] || tour.title.en })}
          className="max-h-48 w-auto max-w-full rounded object-cover"
          data-testid="ops-tour-image"
        />
      ) : (
        <p>{t('ops.tours.image.none')}</p>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        className="grid gap-3 sm:flex sm:flex-wrap sm:items-end"
      >
        <input type="hidden" name="intent" value="image" />
        <FormField
          id="tour-image"
          label={t('ops.tours.image.choose')}
          hint={t('ops.tours.image.hint')}
          className="min-w-0"
        >
          {(control) => (
            <input
              {...control}
              type="file"
              name="image"
              required
              accept="image/jpeg,image/png,image/webp"
              className="w-full max-w-full min-w-0"
            />
          )}
        </FormField>
        <Button type="submit" disabled={busy}>
          {t('ops.tours.image.upload')}
        </Button>
      </Form>
    </OpsPanel>
  );
}

/** What was done to the tour, newest first, and by whom. */
export function TourHistory({ history }: { history: readonly OpsTourHistoryEntry[] }) {
  const t = useT();
  const { locale } = useRootData();
  return (
    <HeadedSection headingId="tour-history" heading={t('ops.tours.history')} className="grid gap-2">
      <ol className="grid gap-1 text-sm" data-testid="ops-tour-history">
        {history.map((e, i) => (
          <li key={i} className="wrap-anywhere">
            {formatInstant(locale, e.at)} · {e.actor ?? '—'} ·{' '}
            {AUDIT_ACTION_LABEL[e.action] ? t(AUDIT_ACTION_LABEL[e.action]!) : e.action}
          </li>
        ))}
      </ol>
    </HeadedSection>
  );
}
