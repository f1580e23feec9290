import { Outlet } from 'react-router';
import type { Route } from './+types/ops-layout';
import { useT } from '../lib/i18n.tsx';
import { LocalizedNavLink } from '../components/LocalizedLink.tsx';
import { privateHeaders, requireStaff } from '../features/ops/staff.server.ts';

/**
 * The operator console's frame (issue 13 §5): its sections and who is signed in. Staff only: for anyone
 * else every console URL is the site's ordinary 404 (the loader throws it; no error boundary here, so the
 * page is exactly the one of an unknown address).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { staff } = await requireStaff(context, request);
  return { staff };
}

export const headers = privateHeaders;

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex, nofollow' }];

const SECTIONS = [
  { to: '/ops/orders', key: 'ops.nav.orders', adminOnly: false },
  { to: '/ops/tours', key: 'ops.nav.tours', adminOnly: false },
  { to: '/ops/requests', key: 'ops.nav.requests', adminOnly: false },
  { to: '/ops/overview', key: 'ops.nav.overview', adminOnly: false },
  { to: '/ops/staff', key: 'ops.nav.staff', adminOnly: true },
] as const;

export default function OpsLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { staff } = loaderData;
  const role = t(staff.role === 'admin' ? 'ops.role.admin' : 'ops.role.operator');
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
      <div className="grid content-start gap-3">
        <p className="text-lg font-bold">{t('ops.title')}</p>
        <p className="text-sm text-neutral-700 wrap-anywhere" data-testid="ops-signed-in">
          {t('ops.signedInAs', { email: staff.email, role })}
        </p>
        <nav aria-label={t('ops.nav.label')}>
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {SECTIONS.filter((s) => !s.adminOnly || staff.role === 'admin').map((s) => (
              <li key={s.to}>
                <LocalizedNavLink
                  to={s.to}
                  className={({ isActive }) =>
                    `block whitespace-nowrap rounded px-3 py-2 ${isActive ? 'bg-primary-50 font-semibold text-primary-800' : 'hover:bg-neutral-100'}`
                  }
                >
                  {t(s.key)}
                </LocalizedNavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
