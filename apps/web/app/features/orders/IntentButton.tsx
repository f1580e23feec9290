import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Button, type ButtonProps } from '../../components/Button.tsx';

/**
 * A form that posts an `intent` (what the order page's action is to do) with the hidden values it needs
 * and the fields given as children. A plain POST: it works without JavaScript.
 */
export function IntentForm({
  intent,
  values = {},
  className,
  children,
}: {
  intent: string;
  values?: Record<string, string>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/** An intent's form that is a single button (the other props are the button's). */
export function IntentButton({
  intent,
  values,
  ...button
}: Omit<ButtonProps, 'type'> & { intent: string; values?: Record<string, string> }) {
  return (
    <IntentForm intent={intent} values={values}>
      <Button type="submit" {...button} />
    </IntentForm>
  );
}
