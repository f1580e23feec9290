import { useMemo } from 'react';
import { RawIntlProvider } from 'react-intl';
import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { sharedIntl, useRootData, useT } from '../../lib/i18n.tsx';
import { consoleMessages } from '../../lib/shell-messages.server.ts';
import { shellMessagesOf } from '../../lib/shell-messages.ts';
import { SectionNav, type SectionLink } from '../../components/SectionNav.tsx';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import type { OpsMe } from '@parvoz/contracts/ops';
import { opsCall } from '../../features/ops/ops-api.server.ts';

/** The agency's console (docs/after-sale.md): staff only; anyone else gets the site's 404 (the API decides). */
export async function loader({ context }: Route.LoaderArgs) {
  const state = context.get(requestStateContext);
  // A session that has not passed the second factor (docs/decisions/0023-console-second-factor.md) is sent to its page by the pages'
  // own calls (`opsCall` turns the API's second_factor_required into the redirect); /me is open to it.
  const me = await opsCall(state, opsEndpoints.opsMe, {});
  // The console's words come with the console (the shell every traveller loads leaves them out).
  return { me: me.data, consoleMessages: consoleMessages(context.get(requestStateContext).locale) };
}

export default function OpsLayout({ loaderData }: Route.ComponentProps) {
  const { locale } = useRootData();
  const merged = useMemo(
    () => ({ ...shellMessagesOf(locale), ...loaderData.consoleMessages }),
    [locale, loaderData.consoleMessages],
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
        ...(me.role === 'admin' ? [{ to: '/ops/staff', key: 'ops.nav.staff' } as const] : []),
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
