import { useEffect, useId, useRef } from 'react';
import { useFetcher } from 'react-router';
import { getFormProps } from '@conform-to/react';
import { Button } from '../../components/Button.tsx';
import { EmailInput } from '../../components/EmailInput.tsx';
import { Field } from '../../components/Field.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';
import type { LoginActionData } from './login-result.ts';

const loadLoginSchema = () => import('@parvoz/contracts/auth').then((m) => m.loginFormSchema);

/**
 * The two-step sign-in form (email, then the 6-digit code), used by the login dialog and the sign-in page.
 * It posts to /{lang}/login with a fetcher, which is a plain form without JavaScript: the page then renders
 * the action's answer (`initial`).
 */
export function LoginForm({
  returnTo,
  initial,
  focusFirst = false,
}: {
  returnTo: string | undefined;
  initial?: LoginActionData | undefined;
  /** Move focus to the first field on mount (the dialog and the sign-in page). */
  focusFirst?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const fetcher = useFetcher<LoginActionData>({ key: 'login' });
  const result = fetcher.data ?? initial;
  const step = result?.step ?? 'email';
  const busy = fetcher.state !== 'idle';
  const id = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const email = result?.email ?? '';
  // One Conform form per step, both checked with the schema the action parses with.
  const [sendForm, sendFields] = useContractForm(
    `${id}-send`,
    loadLoginSchema,
    step === 'email' ? result?.submission : undefined,
  );
  const [verifyForm, verifyFields] = useContractForm(
    `${id}-verify`,
    loadLoginSchema,
    step === 'code' ? result?.submission : undefined,
  );

  useEffect(() => {
    if (focusFirst) (codeRef.current ?? emailRef.current)?.focus();
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
    else if (result?.error || result?.submission?.error) emailRef.current?.focus();
  }, [step, result]);

  const errorText = result?.error
    ? {
        wrong: t('auth.error.wrong', { left: result.attemptsLeft ?? 0 }),
        expired: t('auth.error.expired'),
        too_many_attempts: t('auth.error.tooManyAttempts'),
        suspended: t('auth.error.suspended'),
        rate_limited: t('auth.error.rateLimited', { seconds: result.retryAfter ?? 60 }),
        generic: t('auth.error.generic'),
      }[result.error]
    : null;
  const errorId = `${id}-error`;
  const action = `/${locale}/login${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;

  return (
    <div className="grid gap-4">
      {step === 'email' ? <p className="text-sm text-neutral-700">{t('auth.intro')}</p> : null}
      {step === 'code' && !result?.error ? (
        <p role="status" className="rounded bg-primary-50 p-3 text-sm text-primary-900">
          {t('auth.codeSent', { email })}
        </p>
      ) : null}
      {errorText ? (
        <p id={errorId} role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
          {errorText}
        </p>
      ) : null}
      {step === 'email' ? (
        <fetcher.Form method="post" action={action} {...getFormProps(sendForm)} className="grid gap-3">
          <StepFields intent="send" returnTo={returnTo} />
          <input type="hidden" name="step" value="email" />
          <Field meta={sendFields.email!} label={t('auth.email')} error={t('auth.error.email')}>
            {(control) => (
              <EmailInput
                {...control}
                ref={emailRef}
                defaultValue={control.defaultValue ?? email}
                className="rounded border border-neutral-400 px-3 py-2"
              />
            )}
          </Field>
          <Button type="submit" size="md" disabled={busy}>
            {t('auth.send')}
          </Button>
        </fetcher.Form>
      ) : (
        <>
          <fetcher.Form method="post" action={action} {...getFormProps(verifyForm)} className="grid gap-3">
            <StepFields intent="verify" email={email} returnTo={returnTo} />
            <Field
              meta={verifyFields.code!}
              label={t('auth.code')}
              hint={t('auth.codeHint')}
              error={t('auth.error.code')}
            >
              {(control) => (
                <input
                  {...control}
                  ref={codeRef}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9 ]*"
                  required
                  maxLength={7}
                  defaultValue={undefined}
                  // A refusal of the code by the API (above the form) describes this field too.
                  aria-describedby={
                    [control['aria-describedby'], errorText ? errorId : null].filter(Boolean).join(' ') ||
                    undefined
                  }
                  aria-invalid={
                    control['aria-invalid'] ||
                    (result?.error && result.error !== 'rate_limited' ? true : undefined)
                  }
                  className="rounded border border-neutral-400 px-3 py-2 text-lg tracking-widest"
                />
              )}
            </Field>
            <Button type="submit" size="md" disabled={busy}>
              {t('auth.verify')}
            </Button>
          </fetcher.Form>
          <div className="flex flex-wrap gap-2">
            {(
              [
                { intent: 'send', label: t('auth.resend') },
                { intent: 'restart', label: t('auth.changeEmail') },
              ] as const
            ).map((other) => (
              <fetcher.Form key={other.intent} method="post" action={action}>
                <StepFields intent={other.intent} email={email} returnTo={returnTo} />
                <Button type="submit" variant="ghost" size="sm" disabled={busy}>
                  {other.label}
                </Button>
              </fetcher.Form>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/** What every step posts besides its fields: what to do, the address being signed in, where to go back to. */
function StepFields({
  intent,
  email,
  returnTo,
}: {
  intent: string;
  email?: string;
  returnTo: string | undefined;
}) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {email === undefined ? null : <input type="hidden" name="email" value={email} />}
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
    </>
  );
}
