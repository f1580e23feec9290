import { useT, type MessageKey } from '../../lib/i18n.tsx';

/** Whether travellers see the tour, as a badge. */
export function TourPublished({ published }: { published: boolean }) {
  const t = useT();
  return (
    <span
      className={`inline-block rounded px-2 py-0.5 text-sm font-medium ${
        published ? 'bg-green-100 text-green-900' : 'bg-neutral-200 text-neutral-800'
      }`}
    >
      {t(published ? 'ops.tours.published' : 'ops.tours.draft')}
    </span>
  );
}

/** The words for the console's audit actions (tours and inboxes); other actions show as they are. */
export const AUDIT_ACTION_LABEL: Record<string, MessageKey> = {
  'tour.created': 'ops.audit.tourCreated',
  'tour.updated': 'ops.audit.tourUpdated',
  'tour.published': 'ops.audit.tourPublished',
  'tour.unpublished': 'ops.audit.tourUnpublished',
  'tour.image_uploaded': 'ops.audit.tourImage',
  'tour_request.updated': 'ops.audit.requestUpdated',
  'agency_application.updated': 'ops.audit.applicationUpdated',
};
