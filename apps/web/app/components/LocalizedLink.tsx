import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { useLocale } from '../lib/i18n.tsx';

/** A link to a path of the current language: `to="/info/help"` becomes `/{lang}/info/help`. */
export function LocalizedLink({ to, ...rest }: Omit<LinkProps, 'to'> & { to: string }) {
  const locale = useLocale();
  return <Link to={`/${locale}${to === '/' ? '' : to}`} {...rest} />;
}

export function LocalizedNavLink({ to, ...rest }: Omit<NavLinkProps, 'to'> & { to: string }) {
  const locale = useLocale();
  return <NavLink to={`/${locale}${to === '/' ? '' : to}`} {...rest} />;
}
