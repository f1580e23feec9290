import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { BellRing } from 'lucide-react';
import { getFormProps } from '@conform-to/react';
import { Button } from '../../components/Button.tsx';
import { EmailInput } from '../../components/EmailInput.tsx';
import { Field } from '../../components/Field.tsx';
import { inputClasses } from '../../components/FormField.tsx';
import { useLocale, useRootData, useT, type MessageKey } from '../../lib/i18n.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { priceAlertAction, type PriceAlertFormResult, type PriceAlertProblem } from './result.ts';
import type { AlertDateChoice } from '@parvoz/contracts/price-alerts';

const loadPriceAlertSchema = () =>
  import('@parvoz/contracts/price-alerts').then((m) => m.priceAlertFormSchema);

/** The departures to watch (`alertRange` in core): the searched day, three days either side, or its month. */
const ALERT_DATE_CHOICES = ['day', 'week', 'month'] as const satisfies readonly AlertDateChoice[];
const DATE_CHOICE_KEYS: Record<AlertDateChoice, MessageKey> = {
  day: 'priceAlert.form.dates.day',
  week: 'priceAlert.form.dates.week',
  month: 'priceAlert.form.dates.month',
};

const PROBLEM_KEYS: Record<PriceAlertProblem, MessageKey> = {
  limit: 'priceAlert.form.limit',
  rate_limited: 'priceAlert.form.rateLimited',
  no_offers: 'priceAlert.form.noOffers',
  generic: 'priceAlert.form.failed',
};

/**
 * "Tell me when it gets cheaper" for the search of a results page (docs/operations.md#price-alerts): an
 * email, no sign-in. It posts with a fetcher (the page and its offers stay as they are); without JavaScript
 * it is a plain form and the answer is a page of its own (routes/price-alerts.tsx), which shows this form
 * again with `initial`.
 */
export function PriceAlertForm({
  segment,
  defaultEmail,
  initial,
}: {
  segment: string;
  /** The signed-in traveller's email, or empty. */
  defaultEmail: string;
  initial?: PriceAlertFormResult | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  const { demo } = useRootData();
  const fetcher = useFetcher<PriceAlertFormResult>({ key: `price-alert:${segment}` });
  const result = fetcher.data ?? initial;
  const busy = fetcher.state !== 'idle';
  const emailRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  // Checked in the browser with the schema the action parses with (and shown after a refusal without JS),
  // loaded once the form is used: most visitors of a results page never touch it.
  const [form, fields] = useContractForm(`price-alert-${segment}`, loadPriceAlertSchema, result?.submission, {
    loadWhen: 'used',
  });

  // A refused address takes the focus back to the field; a sent link moves it to the message that replaced the form.
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) statusRef.current?.focus();
    else if (fetcher.data.submission?.error?.email) emailRef.current?.focus();
  }, [fetcher.data]);

  const problem = result && !result.ok ? result.problem : undefined;
  return (
    <section
      aria-labelledby="price-alert-heading"
      className="grid gap-3 rounded-xl bg-primary-50 p-4 ring-1 ring-primary-100"
      data-testid="price-alert"
    >
      <h2 id="price-alert-heading" className="flex items-center gap-2 font-semibold text-primary-900">
        <BellRing aria-hidden="true" className="size-5 shrink-0" />
        {t('priceAlert.form.heading')}
      </h2>
      {result?.ok ? (
        <p ref={statusRef} tabIndex={-1} role="status" className="text-primary-900 outline-none">
          {t('priceAlert.form.sent', { email: result.email })}
        </p>
      ) : (
        <>
          <p className="-mt-1 text-sm text-neutral-700">{t('priceAlert.form.lead')}</p>
          <fetcher.Form
            method="post"
            action={priceAlertAction(locale)}
            {...getFormProps(form)}
            className="flex flex-wrap items-end gap-3"
          >
            <input type="hidden" name="segment" value={segment} />
            {/* A range is priced with the built-in network's calendar of low fares: a live site has none. */}
            {demo ? (
              <fieldset className="grid basis-full gap-1">
                <legend className="mb-1 text-sm font-medium text-neutral-700">
                  {t('priceAlert.form.dates')}
                </legend>
                <div className="flex flex-wrap gap-x-4 gap-y-1">
                  {ALERT_DATE_CHOICES.map((choice) => (
                    <label key={choice} className="inline-flex items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name="dates"
                        value={choice}
                        defaultChecked={choice === (result?.dates ?? 'day')}
                        className="size-4 accent-primary-600"
                      />
                      {t(DATE_CHOICE_KEYS[choice])}
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            <Field
              meta={fields.email}
              label={t('priceAlert.form.email')}
              error={t('priceAlert.form.emailInvalid')}
              className="min-w-0 flex-[1_1_16rem]"
            >
              {(control) => (
                <EmailInput
                  {...control}
                  ref={emailRef}
                  defaultValue={control.defaultValue ?? result?.email ?? defaultEmail}
                  className={inputClasses(Boolean(control['aria-invalid']))}
                />
              )}
            </Field>
            <Button type="submit" size="md" disabled={busy}>
              {t('priceAlert.form.submit')}
            </Button>
          </fetcher.Form>
          {problem ? (
            <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
              {t(PROBLEM_KEYS[problem])}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
