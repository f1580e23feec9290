import { useEffect, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { routeOf, SeeFlightsLink, useTripText } from './AlertSummary.tsx';
import type { AlertLinkPage, AlertLinkResult } from './result.ts';

const TEXT: Record<AlertLinkPage, { heading: MessageKey; lead: MessageKey; submit: MessageKey }> = {
  confirm: {
    heading: 'priceAlert.confirm.heading',
    lead: 'priceAlert.confirm.lead',
    submit: 'priceAlert.confirm.submit',
  },
  unsubscribe: {
    heading: 'priceAlert.unsubscribe.heading',
    lead: 'priceAlert.unsubscribe.lead',
    submit: 'priceAlert.unsubscribe.submit',
  },
};

const PROBLEMS: Record<Exclude<AlertLinkResult, { ok: true }>['problem'], MessageKey> = {
  invalid: 'priceAlert.link.invalid',
  limit: 'priceAlert.form.limit',
  rate_limited: 'priceAlert.form.rateLimited',
  generic: 'priceAlert.form.failed',
};

/** The page an alert email's link opens: what the button does, the button, then what happened. */
export function AlertLinkView({
  page,
  token,
  result,
}: {
  page: AlertLinkPage;
  token: string;
  result: AlertLinkResult | undefined;
}) {
  const t = useT();
  const trip = useTripText();
  const busy = useNavigation().state === 'submitting';
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const done = result?.ok ? result.alert : null;
  const ended = done && page === 'confirm' && done.status !== 'active' && done.status !== 'pending';
  return (
    <div className="mx-auto grid max-w-xl gap-4">
      <PageHeading>{t(TEXT[page].heading)}</PageHeading>
      <div ref={resultRef} tabIndex={-1} className="outline-none">
        {done ? (
          <div
            role="status"
            className={`grid gap-2 rounded border p-4 ${ended ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-green-300 bg-green-50 text-green-900'}`}
          >
            <p>
              {ended
                ? t('priceAlert.link.ended')
                : page === 'confirm'
                  ? t('priceAlert.confirm.done', { route: routeOf(done) })
                  : t('priceAlert.unsubscribe.done', { route: routeOf(done) })}
            </p>
            <p className="text-sm">
              <span className="font-medium">{routeOf(done)}</span> · {trip(done)}
            </p>
            <p>
              <SeeFlightsLink alert={done} />
            </p>
          </div>
        ) : result && !result.ok ? (
          <p role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-red-900">
            {t(PROBLEMS[result.problem])}
          </p>
        ) : null}
      </div>
      {done ? null : (
        <Form method="post" className="grid gap-4">
          <p className="text-neutral-700">{t(TEXT[page].lead)}</p>
          <input type="hidden" name="token" value={token} />
          <div>
            <Button type="submit" size="md" disabled={busy}>
              {t(TEXT[page].submit)}
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
