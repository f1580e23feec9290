import type { ReactNode } from 'react';
import { LocalizedLink } from './LocalizedLink.tsx';

/** A link in a page's text to a path of the current language, in the site's link colour and underlined. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <LocalizedLink to={to} className="text-primary-700 underline">
      {children}
    </LocalizedLink>
  );
}
