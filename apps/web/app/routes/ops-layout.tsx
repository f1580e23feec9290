import { Outlet } from 'react-router';
import type { Route } from './+types/ops-layout';
import { useT } from '../lib/i18n.tsx';
import { LocalizedNavLink } from '../components/LocalizedLink.tsx';
import { requestStateContext } from '../lib/request-context.server.ts';
import { opsCall, type OpsMe } from '../features/ops/ops-api.server.ts';

/** The agency's console (issue 13): staff only; anyone else gets the site's 404 (the API decides). */
export async function loader({ context }: Route.LoaderArgs) {
  const me = await opsCall<{ data: OpsMe }>(context.get(requestStateContext), 'get', '/me');
  return { me: me.data };
}

export default function OpsLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { me } = loaderData;
  const sections = [
    { to: '/ops', key: 'ops.nav.overview' as const, end: true },
    { to: '/ops/orders', key: 'ops.nav.orders' as const },
    { to: '/ops/tours', key: 'ops.nav.tours' as const },
    { to: '/ops/requests', key: 'ops.nav.requests' as const },
    { to: '/ops/applications', key: 'ops.nav.applications' as const },
    ...(me.role === 'admin' ? [{ to: '/ops/staff', key: 'ops.nav.staff' as const }] : []),
  ];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-neutral-200 pb-3">
        <nav aria-label={t('ops.nav.label')}>
          <ul className="flex flex-wrap gap-2">
            {sections.map((s) => (
              <li key={s.to}>
                <LocalizedNavLink
                  to={s.to}
                  end={'end' in s}
                  className={({ isActive }) =>
                    `block rounded px-3 py-2 ${isActive ? 'bg-primary-50 font-semibold text-primary-800' : 'hover:bg-neutral-100'}`
                  }
                >
                  {t(s.key)}
                </LocalizedNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-neutral-700 wrap-anywhere">
          {t('ops.signedInAs', {
            email: me.email,
            role: t(me.role === 'admin' ? 'ops.role.admin' : 'ops.role.operator'),
          })}
        </p>
      </div>
      <Outlet />
    </div>
  );
}
