import { Form, Outlet, isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/layout';
import { useRootData, useT } from '../../lib/i18n.tsx';
import { SectionNav, type SectionLink } from '../../components/SectionNav.tsx';
import { Button } from '../../components/Button.tsx';
import { errorMeta, errorPageTitle } from '../../lib/meta.ts';
import { SignInRequired } from './layout-sign-in-required.tsx';

export { loader } from './layout.server.ts';

const SECTIONS = [
  { to: '/profile', key: 'profile.nav.personal', end: true },
  { to: '/profile/orders-history', key: 'profile.nav.orders', end: false },
  { to: '/profile/settings', key: 'profile.nav.settings', end: false },
  { to: '/profile/price-alerts', key: 'profile.nav.priceAlerts', end: false },
] as const satisfies readonly SectionLink[];

export default function ProfileLayout() {
  const t = useT();
  const { locale, user } = useRootData();
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-[14rem_minmax(0,1fr)]">
      <div className="grid content-start gap-4">
        <SectionNav
          label={t('profile.nav.label')}
          links={SECTIONS}
          listClassName="flex flex-wrap gap-2 md:flex-col"
          linkClassName="whitespace-nowrap"
        />
        <Form
          method="post"
          action={`/${locale}/logout`}
          className="flex flex-wrap items-center gap-2 md:grid"
        >
          {user ? (
            <p className="text-sm text-neutral-700 wrap-anywhere">
              {t('auth.signedInAs', { email: user.email })}
            </p>
          ) : null}
          <Button type="submit" variant="outline" color="neutral" size="sm">
            {t('auth.logout')}
          </Button>
        </Form>
      </div>
      <div>
        <Outlet />
      </div>
    </div>
  );
}

/** The profile pages title themselves; the sign-in screen shown to an anonymous visitor is titled here. */
export const meta: Route.MetaFunction = (args) => {
  if (!args.error) return [];
  const signIn = isRouteErrorResponse(args.error) && args.error.status === 401;
  return errorMeta(args, signIn ? { key: 'auth.page.heading' } : errorPageTitle(args.error));
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 401) return <SignInRequired />;
  // Anything else is the root's error page.
  throw error;
}
