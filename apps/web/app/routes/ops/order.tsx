import { useNavigation, useRouteLoaderData } from 'react-router';
import type { OpsMe } from '@parvoz/contracts/ops';
import type { Route } from './+types/order';
import { useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { PostButton } from '../../components/PostButton.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { OpsPanel } from '../../features/ops/OpsPanel.tsx';
import { TextLink } from '../../components/TextLink.tsx';
import { OrderStatusBadges } from '../../features/ops/OrderStatus.tsx';
import { Notice } from '../../features/ops/ConfirmStep.tsx';
import { SupplierPanel } from './order-supplier-panel.tsx';
import { TicketingPanel } from './order-ticketing-panel.tsx';
import { OrderItinerary, OrderPassengers, OrderPrice } from '../../features/orders/OrderDetails.tsx';
import { FiscalReceipts } from '../../features/orders/FiscalReceipts.tsx';
import type { ActionResult, FieldForm } from './order.server.ts';
import { Timeline } from './order-timeline.tsx';
import { ConfirmAction, OverrideForm, CancelQuote, Refunds, ContactForm, NoteForm } from './order-forms.tsx';
import { personalPageHeaders } from '../../lib/page-cache.server.ts';

export { loader, action } from './order.server.ts';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'ops.order.heading', { reference: args.loaderData?.order.booking_reference ?? '' }),
  { name: 'robots', content: 'noindex, nofollow' },
];

export const headers = personalPageHeaders;

export default function OpsOrder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state !== 'idle';
  const layout = useRouteLoaderData('routes/ops/layout') as { me: OpsMe } | undefined;
  const admin = layout?.me.role === 'admin';
  const { order, timeline, refunds, supplier } = loaderData;
  const result = actionData as ActionResult | undefined;
  const quote = result && 'quote' in result ? result.quote : null;
  const confirm = result && 'confirm' in result ? result.confirm : null;
  // A refused form's values and errors, for the form that was sent.
  const failed = (form: FieldForm) =>
    result && 'problem' in result && result.form === form ? result.submission : undefined;
  const overrideFailed = admin ? failed('override') : undefined;
  const ticketed = order.booking_status === 'booked' && order.payment_status === 'paid';
  return (
    <div className="grid gap-6">
      <p>
        <TextLink to="/ops/orders">{t('ops.order.back')}</TextLink>
      </p>
      <PageHeading>{t('ops.order.heading', { reference: order.booking_reference })}</PageHeading>
      <OrderStatusBadges order={order} />
      <p className="wrap-anywhere" data-testid="ops-order-contact">
        {order.contact.full_name} · {order.contact.email} · {order.contact.phone}
      </p>
      {result && 'done' in result ? (
        <Notice kind="done">{t(result.done, { email: order.contact.email })}</Notice>
      ) : null}
      {result && 'problem' in result ? <Notice kind="error">{t(result.problem)}</Notice> : null}
      {confirm ? <ConfirmAction confirm={confirm} order={order} busy={busy} /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid min-w-0 content-start gap-6">
          <OrderItinerary order={order} />
          <OrderPassengers order={order} />
          <OrderPrice order={order} />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <OpsPanel id="ops-actions" heading={t('ops.order.actions')} roomy>
            <NoteForm busy={busy} failed={failed('note')} />
            {ticketed ? (
              <PostButton intent="resend" variant="outline" disabled={busy}>
                {t('ops.order.resend')}
              </PostButton>
            ) : null}
            <ContactForm order={order} busy={busy} failed={failed('contact')} />
            {order.booking_status !== 'cancelled' ? (
              quote ? (
                <CancelQuote quote={quote} order={order} admin={admin} busy={busy} />
              ) : overrideFailed ? (
                // A refused override comes back as its form with the errors (the quote it answered stays valid).
                <OverrideForm
                  cancellationId={String(overrideFailed.initialValue?.cancellation_id ?? '')}
                  quoted={String(overrideFailed.initialValue?.quoted ?? '0')}
                  order={order}
                  busy={busy}
                  failed={overrideFailed}
                />
              ) : (
                <PostButton intent="quote" variant="outline" disabled={busy}>
                  {t('ops.order.cancel')}
                </PostButton>
              )
            ) : null}
          </OpsPanel>
          <TicketingPanel
            ticketing={supplier?.ticketing}
            creationUnknown={supplier?.booking_outcome === 'unknown'}
            busy={busy}
          />
          <SupplierPanel supplier={supplier} changes={order.airline_changes} />
          <Refunds refunds={refunds} busy={busy} />
          <FiscalReceipts order={order} />
          <HeadedSection
            headingId="ops-timeline-heading"
            heading={t('ops.order.timeline')}
            className="grid gap-3"
          >
            <Timeline events={timeline} />
          </HeadedSection>
        </div>
      </div>
    </div>
  );
}
