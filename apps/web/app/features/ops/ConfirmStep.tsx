import { useEffect, useRef, type ReactNode } from 'react';
import { Form } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { PostButton } from '../../components/PostButton.tsx';
import { useT } from '../../lib/i18n.tsx';

/**
 * The confirmation every console action asks for (docs/after-sale.md §6), without JavaScript too: the first
 * submit comes back with this step; "Yes" posts `intent` with the hidden `fields` (among them the action's
 * Idempotency-Key, so a repeated "Yes" is the same action); "Back" reloads the page unchanged. Focus moves
 * to the question so that keyboard and screen-reader users land on it.
 */
export function ConfirmStep({
  id,
  question,
  intent,
  fields,
  yes,
  busy,
  children,
}: {
  id: string;
  question: string;
  intent: string;
  fields: Record<string, string>;
  yes: string;
  busy: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby={`${id}-question`}
      className="grid gap-3 rounded border border-amber-400 bg-amber-50 p-4"
      data-testid={id}
    >
      <p
        id={`${id}-question`}
        ref={heading}
        tabIndex={-1}
        className="font-semibold wrap-anywhere outline-none"
      >
        {question}
      </p>
      {children}
      <div className="flex flex-wrap gap-2">
        <PostButton intent={intent} fields={fields} replace disabled={busy}>
          {yes}
        </PostButton>
        <Form method="get" replace>
          <Button type="submit" variant="outline" color="neutral" disabled={busy}>
            {t('ops.confirm.cancel')}
          </Button>
        </Form>
      </div>
    </section>
  );
}

/** A result line (role="status") or an error (role="alert") above the page's content. */
export function Notice({ kind, children }: { kind: 'done' | 'error'; children: ReactNode }) {
  return kind === 'done' ? (
    <p role="status" className="rounded border border-green-300 bg-green-50 p-3 text-green-900 wrap-anywhere">
      {children}
    </p>
  ) : (
    <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-900 wrap-anywhere">
      {children}
    </p>
  );
}
