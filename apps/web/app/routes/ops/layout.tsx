import { useMemo } from 'react';
import { RawIntlProvider } from 'react-intl';
import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { sharedIntl, useRootData, useT } from '../../lib/i18n.tsx';
import { usePageMessages } from '../../lib/use-page-messages.ts';
import { SectionNav, type SectionLink } from '../../components/SectionNav.tsx';
import type { OpsMe } from '@parvoz/contracts/ops';

export { loader } from './layout.server.ts';

export default function OpsLayout({ loaderData }: Route.ComponentProps) {
  const { locale } = useRootData();
  const page = usePageMessages(locale);
  const merged = useMemo(
    () => ({ ...page, ...loaderData.consoleMessages }),
    [page, loaderData.consoleMessages],
  );
  return (
    <RawIntlProvider value={sharedIntl(locale, merged)}>
      <OpsFrame me={loaderData.me} />
    </RawIntlProvider>
  );
}

function OpsFrame({ me }: { me: OpsMe }) {
  const t = useT();
  const pending = me.second_factor === 'verify' || me.second_factor === 'enrol';
  const sections: SectionLink[] = pending
    ? [{ to: '/ops/security', key: 'ops.nav.security' }]
    : [
        { to: '/ops', key: 'ops.nav.overview', end: true },
        { to: '/ops/orders', key: 'ops.nav.orders' },
        { to: '/ops/tours', key: 'ops.nav.tours' },
        { to: '/ops/requests', key: 'ops.nav.requests' },
        { to: '/ops/applications', key: 'ops.nav.applications' },
        ...(me.role === 'admin'
          ? ([
              { to: '/ops/staff', key: 'ops.nav.staff' },
              { to: '/ops/price-rules', key: 'ops.nav.priceRules' },
              { to: '/ops/promo-codes', key: 'ops.nav.promoCodes' },
              { to: '/ops/reports', key: 'ops.nav.reports' },
            ] as const)
          : []),
        { to: '/ops/security', key: 'ops.nav.security' },
      ];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-neutral-200 pb-3">
        <SectionNav label={t('ops.nav.label')} links={sections} listClassName="flex flex-wrap gap-2" />
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
