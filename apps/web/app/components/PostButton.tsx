import { Form } from 'react-router';
import { Button, type ButtonProps } from './Button.tsx';

/**
 * A form of one button that posts `intent` and the hidden `fields` to the page's action, without
 * JavaScript too: the actions on a list's items (retry, revoke, delete) and the "Yes" of a confirmation.
 */
export function PostButton({
  intent,
  fields = {},
  replace,
  ...button
}: Omit<ButtonProps, 'type'> & {
  intent: string;
  fields?: Record<string, string | number>;
  /** Replace the history entry (a confirmation's "Yes" is not a page to go back to). */
  replace?: boolean;
}) {
  return (
    <Form method="post" replace={replace}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" {...button} />
    </Form>
  );
}
