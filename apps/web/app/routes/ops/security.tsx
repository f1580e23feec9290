import { Form, useNavigation } from 'react-router';
import type { OpsSecondFactorState } from '@parvoz/contracts/ops-second-factor';
import type { Route } from './+types/security';
import { useRootData, useT, type MessageKey } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { formatInstant } from '../../lib/local-time.ts';
import { Button } from '../../components/Button.tsx';
import { PostButton, PostForm, RemoveItemButton } from '../../components/PostButton.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { LabelledInput } from '../../features/ops/LabelledInput.tsx';
import { PasskeyButton } from './security-passkey-button.tsx';

export { loader, action } from './security.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'ops.nav.security');

const INTRO: Record<OpsSecondFactorState['status'], MessageKey> = {
  verify: 'ops.security.intro.verify',
  enrol: 'ops.security.intro.enrol',
  optional: 'ops.security.intro.optional',
  verified: 'ops.security.intro.verified',
};

export default function OpsSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { state, origin } = loaderData;
  const busy = useNavigation().state !== 'idle';
  // The options of a passkey come back to its button (a fetcher); everything else is the page's action data.
  const result = actionData?.kind === 'options' ? undefined : actionData;
  const heading: MessageKey =
    state.status === 'verify'
      ? 'ops.security.heading.verify'
      : state.status === 'enrol'
        ? 'ops.security.heading.enrol'
        : 'ops.security.heading.manage';

  if (result?.kind === 'codes' && result.codes.length > 0)
    return (
      <RecoveryCodes
        codes={result.codes}
        next={state.status === 'verified' && !result.added ? 'security' : 'home'}
      />
    );

  return (
    <div className="grid max-w-2xl gap-6">
      <PageHeading>{t(heading)}</PageHeading>
      <p>{t(INTRO[state.status])}</p>
      {result?.kind === 'problem' ? (
        <p role="alert" className="rounded bg-red-50 p-3 text-red-900">
          {t(result.problem)}
        </p>
      ) : result?.kind === 'removed' ? (
        <p role="status" className="rounded bg-neutral-100 p-3">
          {t('ops.security.removed')}
        </p>
      ) : result?.kind === 'codes' ? (
        <p role="status" className="rounded bg-neutral-100 p-3">
          {t('ops.security.added')}
        </p>
      ) : null}
      {state.status === 'verify' ? (
        <Verify state={state} origin={origin} busy={busy} />
      ) : (
        <Manage state={state} origin={origin} busy={busy} setup={result?.kind === 'setup' ? result : null} />
      )}
    </div>
  );
}

function PasskeysUnavailable({ state, origin }: { state: OpsSecondFactorState; origin: string }) {
  const t = useT();
  if (state.passkeys.available) return null;
  return (
    <p className="rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="passkeys-unavailable">
      {t(
        state.passkeys.reason === 'ip_address'
          ? 'ops.security.passkey.unavailableIp'
          : 'ops.security.passkey.unavailableInsecure',
        { origin },
      )}
    </p>
  );
}

function Verify({ state, origin, busy }: { state: OpsSecondFactorState; origin: string; busy: boolean }) {
  const t = useT();
  const hasPasskey = state.factors.some((f) => f.kind === 'passkey');
  const hasTotp = state.factors.some((f) => f.kind === 'totp');
  return (
    <>
      {hasPasskey ? (
        <HeadedSection
          headingId="sf-passkey"
          heading={t('ops.security.passkey.heading')}
          className="grid gap-2"
        >
          {state.passkeys.available ? (
            <PasskeyButton
              mode="authenticate"
              optionsIntent="passkey-auth-options"
              answerIntent="passkey-verify"
              label={t('ops.security.passkey.use')}
            />
          ) : (
            <PasskeysUnavailable state={state} origin={origin} />
          )}
        </HeadedSection>
      ) : null}
      {hasTotp ? (
        <HeadedSection headingId="sf-totp" heading={t('ops.security.totp.heading')} className="grid gap-2">
          <CodeForm
            intent="totp-verify"
            label={t('ops.security.totp.code')}
            submit={t('ops.security.totp.verify')}
            busy={busy}
            totp
          />
        </HeadedSection>
      ) : null}
      <HeadedSection
        headingId="sf-recovery"
        heading={t('ops.security.recovery.heading')}
        className="grid gap-2"
      >
        <CodeForm
          intent="recovery-verify"
          label={t('ops.security.recovery.code')}
          submit={t('ops.security.recovery.use')}
          busy={busy}
        />
      </HeadedSection>
    </>
  );
}

function CodeForm({
  intent,
  label,
  submit,
  busy,
  totp = false,
}: {
  intent: string;
  label: string;
  submit: string;
  busy: boolean;
  totp?: boolean;
}) {
  return (
    <PostForm intent={intent} className="flex flex-wrap items-end gap-3">
      <LabelledInput
        label={label}
        name="code"
        required
        autoComplete={totp ? 'one-time-code' : 'off'}
        inputMode={totp ? 'numeric' : 'text'}
        spellCheck={false}
        minLength={totp ? 6 : 10}
        maxLength={totp ? 12 : 30}
        className="w-48"
      />
      <Button type="submit" disabled={busy}>
        {submit}
      </Button>
    </PostForm>
  );
}

function Manage({
  state,
  origin,
  busy,
  setup,
}: {
  state: OpsSecondFactorState;
  origin: string;
  busy: boolean;
  setup: { secret: string; qrSvg: string | null; problem?: MessageKey } | null;
}) {
  const t = useT();
  const { locale } = useRootData();
  return (
    <>
      {state.status !== 'enrol' ? (
        <HeadedSection
          headingId="sf-factors"
          heading={t('ops.security.factors.heading')}
          className="grid gap-2"
        >
          {state.factors.length === 0 ? <p>{t('ops.security.factors.none')}</p> : null}
          <ul className="grid gap-2" data-testid="second-factors">
            {state.factors.map((f) => (
              <li
                key={f.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded border border-neutral-200 bg-white p-3"
              >
                <span className="wrap-anywhere">
                  <strong>{f.name}</strong> ·{' '}
                  {t(
                    f.kind === 'passkey'
                      ? 'ops.security.factors.kindPasskey'
                      : 'ops.security.factors.kindTotp',
                  )}
                  <br />
                  <span className="text-sm text-neutral-700">
                    {t('ops.security.factors.added', { date: formatInstant(locale, f.created_at) })} ·{' '}
                    {f.last_used_at
                      ? t('ops.security.factors.lastUsed', { date: formatInstant(locale, f.last_used_at) })
                      : t('ops.security.factors.neverUsed')}
                  </span>
                </span>
                <RemoveItemButton
                  intent="remove"
                  fields={{ id: f.id }}
                  busy={busy}
                  label={t('ops.security.factors.removeLabel', { name: f.name })}
                >
                  {t('ops.security.factors.remove')}
                </RemoveItemButton>
              </li>
            ))}
          </ul>
        </HeadedSection>
      ) : null}

      <HeadedSection
        headingId="sf-add-passkey"
        heading={t('ops.security.passkey.add')}
        className="grid gap-2"
      >
        {state.passkeys.available ? (
          <>
            <form id="passkey-name" className="grid gap-2" onSubmit={(e) => e.preventDefault()}>
              <LabelledInput
                label={t('ops.security.factorName')}
                name="name"
                required
                maxLength={60}
                className="w-64 max-w-full"
              />
            </form>
            <PasskeyButton
              mode="register"
              optionsIntent="passkey-register-options"
              answerIntent="passkey-register"
              label={t('ops.security.passkey.add')}
              formId="passkey-name"
            />
          </>
        ) : (
          <PasskeysUnavailable state={state} origin={origin} />
        )}
      </HeadedSection>

      <HeadedSection headingId="sf-add-totp" heading={t('ops.security.totp.add')} className="grid gap-3">
        {setup ? (
          <>
            <p>{t('ops.security.totp.scan')}</p>
            {setup.problem ? (
              <p role="alert" className="rounded bg-red-50 p-3 text-red-900">
                {t(setup.problem)}
              </p>
            ) : null}
            {setup.qrSvg ? (
              <div
                role="img"
                aria-label={t('ops.security.totp.qr')}
                className="w-48 max-w-full bg-white"
                // Our API's own SVG (the qrcode package), never the visitor's input.
                dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
              />
            ) : null}
            <p>
              <span className="font-medium">{t('ops.security.totp.secret')}:</span>{' '}
              <code className="break-all" data-testid="totp-secret">
                {setup.secret}
              </code>
            </p>
            <PostForm
              intent="totp-enrol"
              fields={{ secret: setup.secret }}
              className="flex flex-wrap items-end gap-3"
            >
              <LabelledInput
                label={t('ops.security.factorName')}
                name="name"
                required
                maxLength={60}
                defaultValue=""
              />
              <LabelledInput
                label={t('ops.security.totp.code')}
                name="code"
                required
                autoComplete="one-time-code"
                inputMode="numeric"
                minLength={6}
                maxLength={12}
                className="w-40"
              />
              <Button type="submit" disabled={busy}>
                {t('ops.security.totp.confirm')}
              </Button>
            </PostForm>
          </>
        ) : (
          <PostButton intent="totp-setup" variant="outline" disabled={busy}>
            {t('ops.security.totp.add')}
          </PostButton>
        )}
      </HeadedSection>

      {state.status === 'verified' && state.factors.length > 0 ? (
        <HeadedSection
          headingId="sf-codes"
          heading={t('ops.security.recovery.heading')}
          className="grid gap-2"
        >
          <p>{t('ops.security.recovery.left', { count: state.recovery_codes_left })}</p>
          <p className="text-sm text-neutral-700">{t('ops.security.recovery.regenerateNote')}</p>
          <div>
            <PostButton intent="regenerate" variant="outline" color="neutral" disabled={busy}>
              {t('ops.security.recovery.regenerate')}
            </PostButton>
          </div>
        </HeadedSection>
      ) : null}
    </>
  );
}

/** The recovery codes, shown once: going on needs the "I saved them" box ticked (a required checkbox). */
function RecoveryCodes({ codes, next }: { codes: string[]; next: 'home' | 'security' }) {
  const t = useT();
  const { locale } = useRootData();
  return (
    <div className="grid max-w-2xl gap-4">
      <PageHeading>{t('ops.security.codes.heading')}</PageHeading>
      <p role="status">{t('ops.security.codes.intro')}</p>
      <ol className="grid grid-cols-1 gap-1 font-mono text-lg sm:grid-cols-2" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Form
        method="get"
        action={next === 'home' ? `/${locale}/ops` : `/${locale}/ops/security`}
        className="grid gap-3"
      >
        <label className="flex items-center gap-2">
          <input type="checkbox" required className="size-5" />
          <span>{t('ops.security.codes.saved')}</span>
        </label>
        <div>
          <Button type="submit">{t('ops.security.codes.continue')}</Button>
        </div>
      </Form>
    </div>
  );
}
