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
