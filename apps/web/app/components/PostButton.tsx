import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Button, type ButtonProps } from './Button.tsx';

/**
 * A form that posts an `intent` (what the page's action is to do) with the hidden `fields` it needs and the
 * controls given as children. A plain POST: it works without JavaScript too.
 */
export function PostForm({
  intent,
  fields = {},
  replace,
  className,
  children,
}: {
  intent: string;
  fields?: Record<string, string | number>;
  /** Replace the history entry (a confirmation's "Yes" is not a page to go back to). */
  replace?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" replace={replace} className={className}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/**
 * A form of one button that posts `intent` and the hidden `fields` to the page's action: the actions on a
 * list's items (retry, revoke, delete, resend) and the "Yes" of a confirmation. The other props are the button's.
 */
export function PostButton({
  intent,
  fields,
  replace,
  ...button
}: Omit<ButtonProps, 'type'> & {
  intent: string;
  fields?: Record<string, string | number>;
  replace?: boolean;
}) {
  return (
    <PostForm intent={intent} fields={fields} replace={replace}>
      <Button type="submit" {...button} />
    </PostForm>
  );
}

/**
 * The small, quiet button that takes one item off a list (a member of staff revoked, a second factor or a
 * price alert removed): it posts `intent` with the item's hidden `fields`, and `label` names the item for a
 * screen reader, as the visible word alone ("Remove") does not.
 */
export function RemoveItemButton({
  intent,
  fields,
  busy,
  label,
  children,
}: {
  intent: string;
  fields: Record<string, string | number>;
  busy: boolean;
  label: string;
  children: ReactNode;
}) {
  return (
    <PostButton
      intent={intent}
      fields={fields}
      variant="outline"
      color="neutral"
      size="sm"
      disabled={busy}
      aria-label={label}
    >
      {children}
    </PostButton>
  );
}
