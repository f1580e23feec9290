import { useEffect, useRef, useState } from 'react';
import { useFetcher, useNavigation, useSubmit } from 'react-router';
import type { MessageKey } from '../../lib/i18n.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../components/Button.tsx';

type OptionsAnswer = { options?: Record<string, unknown>; problem?: MessageKey };

/**
 * A passkey used or added (docs/decisions/0023-console-second-factor.md): asks the page's action for the WebAuthn options (`optionsIntent`),
 * lets the browser and the authenticator answer (@simplewebauthn/browser, loaded on the click), and posts the
 * answer (`answerIntent`, with `fields`) as the page's own form would: its redirect or action data follow as
 * after any post. Needs JavaScript: disabled until the page has hydrated; a browser
 * without WebAuthn or a cancelled prompt is said in an alert.
 */
export function PasskeyButton({
  optionsIntent,
  answerIntent,
  mode,
  label,
  fields = {},
  formId,
}: {
  optionsIntent: string;
  answerIntent: string;
  mode: 'register' | 'authenticate';
  label: string;
  fields?: Record<string, string>;
  /** A form whose fields (the passkey's name) go with the answer. */
  formId?: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const options = useFetcher<OptionsAnswer>({ key: `passkey-options:${optionsIntent}` });
  const submit = useSubmit();
  const navigating = useNavigation().state !== 'idle';
  const [failed, setFailed] = useState<'failed' | 'unsupported' | null>(null);
  const handled = useRef<unknown>(null);

  useEffect(() => {
    const data = options.data;
    if (!data || handled.current === data) return;
    handled.current = data;
    if (!data.options) return;
    void (async () => {
      const browser = await import('@simplewebauthn/browser');
      if (!browser.browserSupportsWebAuthn()) return setFailed('unsupported');
      try {
        const response =
          mode === 'register'
            ? await browser.startRegistration({ optionsJSON: data.options as never })
            : await browser.startAuthentication({ optionsJSON: data.options as never });
        const extra = formId
          ? Object.fromEntries(
              [...new FormData(document.getElementById(formId) as HTMLFormElement)].map(([k, v]) => [
                k,
                String(v),
              ]),
            )
          : {};
        await submit(
          { ...extra, ...fields, intent: answerIntent, response: JSON.stringify(response) },
          { method: 'post' },
        );
      } catch {
        setFailed('failed');
      }
    })();
  }, [options.data, mode, submit, answerIntent, fields, formId]);

  const busy = options.state !== 'idle' || navigating;
  const problem = options.data?.problem;
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        disabled={!hydrated || busy}
        onClick={() => {
          if (formId) {
            const form = document.getElementById(formId) as HTMLFormElement | null;
            if (form && !form.reportValidity()) return;
          }
          setFailed(null);
          void options.submit({ intent: optionsIntent }, { method: 'post' });
        }}
      >
        {label}
      </Button>
      {failed || problem ? (
        <p role="alert" className="text-sm text-red-800">
          {t(
            problem ??
              (failed === 'unsupported' ? 'ops.security.passkey.unsupported' : 'ops.security.passkey.failed'),
          )}
        </p>
      ) : null}
    </div>
  );
}
