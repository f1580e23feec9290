import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import type { z } from 'zod';
import type { Locale } from '@parvoz/i18n/locales';
import { useNavigation } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';
import type { TextControl } from '../../components/FieldInputs.tsx';
import type { FormActionData } from './form-types.ts';

/**
 * Above a request form: what went wrong with the last submission, or nothing. Field errors (the browser's
 * check or the action's reply) put the focus on the first invalid field (Conform); a problem of the whole
 * submission moves the focus here, so a screen reader reads it.
 */
export function FormProblem({
  result,
  invalid,
}: {
  result: FormActionData | undefined;
  /** Whether a field has an error now. */
  invalid: boolean;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const problem = result?.problem;
  useEffect(() => {
    if (problem) ref.current?.focus();
  }, [result, problem]);
  if (!invalid && !problem) return null;
  const text =
    problem === 'unavailable'
      ? t('tours.form.error.unavailable')
      : problem === 'rate_limited'
        ? t('requestForm.error.rateLimited')
        : problem === 'generic'
          ? t('requestForm.error.generic')
          : t('requestForm.error.summary');
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
      data-testid="form-problem"
    >
      {text}
    </div>
  );
}

/** The submit button, disabled while the form is being sent (no double submission). */
export function SubmitButton({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
      {children}
    </Button>
  );
}

/** A success message (after the redirect back with `?sent=1`). */
export function SentMessage({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="rounded border border-green-200 bg-green-50 p-4 text-green-900"
      data-testid="form-sent"
    >
      {children}
    </div>
  );
}

/** A request form's text field, its words already translated. */
export type TextFieldSpec = TextControl & { label: string; hint?: string; error: string };

/** The email and phone every request form (a tour's, an agency's) asks for: one place for their words and limits. */
export function contactFields(t: ReturnType<typeof useT>): { email: TextFieldSpec; phone: TextFieldSpec } {
  return {
    email: {
      label: t('requestForm.email'),
      error: t('requestForm.error.email'),
      type: 'email',
      autoComplete: 'email',
      maxLength: 254,
      required: true,
    },
    phone: {
      label: t('requestForm.phone'),
      hint: t('requestForm.phoneHint'),
      error: t('requestForm.error.phone'),
      type: 'tel',
      autoComplete: 'tel',
      maxLength: 40,
      required: true,
    },
  };
}

/**
 * A request form's Conform form, checked with the contract's schema the action parses with, made for the
 * page's language (its messages name the limits). `loadSchema` is a module-level dynamic import: zod stays
 * out of the page's first download (docs/performance.md#speed-targets).
 */
export function useRequestForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  loadSchema: (locale: Locale) => Promise<S>,
  result: FormActionData | undefined,
) {
  const locale = useLocale();
  const load = useCallback(() => loadSchema(locale), [loadSchema, locale]);
  return useContractForm(id, load, result?.submission);
}
