import type { ComponentProps } from 'react';

/** The input of an email address: the phone's email keyboard, autofill, and the longest address (RFC 5321). */
export function EmailInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="email" inputMode="email" autoComplete="email" required maxLength={254} {...props} />;
}
