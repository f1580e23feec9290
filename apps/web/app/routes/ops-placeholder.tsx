import type { Route } from './+types/ops-placeholder';
import { PageHeading } from '../components/PageHeading.tsx';
import { useT, type MessageKey } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { privateHeaders, requireStaff } from '../features/ops/staff.server.ts';

/**
 * The console sections still to be built (issue 13 §7 tours, requests; §8 overview): an honest "not yet"
 * page, staff only like every console page. Each section replaces its route id here with its own module.
 */
const SECTIONS: Record<string, MessageKey> = {
  'ops-orders': 'ops.nav.orders',
  'ops-tours': 'ops.nav.tours',
  'ops-requests': 'ops.nav.requests',
  'ops-overview': 'ops.nav.overview',
};

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaff(context, request);
  return null;
}

export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, SECTIONS[args.matches.at(-1)?.id ?? ''] ?? 'ops.title'),
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function OpsPlaceholder({ matches }: Route.ComponentProps) {
  const t = useT();
  const id = matches.at(-1)?.id ?? '';
  return (
    <>
      <PageHeading>{t(SECTIONS[id] ?? 'ops.title')}</PageHeading>
      <p className="rounded border border-neutral-300 bg-neutral-50 p-4">{t('ops.placeholder.text')}</p>
    </>
  );
}
