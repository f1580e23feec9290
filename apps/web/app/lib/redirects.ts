/**
 * Redirect rules (spec §2, docs/design.md §6), one table: an internal target navigates inside the app,
 * an absolute external target does a full browser navigation. `:lang` is carried over.
 */
export type RedirectRule = { from: string; to: string };

export const REDIRECT_RULES: RedirectRule[] = [
  { from: '/:lang/signin', to: '/:lang/login' },
  { from: '/:lang/orders', to: '/:lang/profile/orders-history' },
  { from: '/:lang/info', to: '/:lang/info/help' },
  { from: '/:lang/info/openflights', to: 'https://openflights.org/data.php' },
];

export type RedirectTarget = { location: string; external: boolean };

export function resolveRedirect(
  pathname: string,
  rules: RedirectRule[] = REDIRECT_RULES,
): RedirectTarget | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const rule of rules) {
    const pattern = new RegExp(
      `^${rule.from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(':lang', '([a-z]{2})')}$`,
    );
    const match = pattern.exec(path);
    if (!match) continue;
    const location = rule.to.replace(':lang', match[1] ?? '');
    return { location, external: /^https?:\/\//.test(location) };
  }
  return null;
}
