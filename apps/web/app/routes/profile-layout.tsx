import { Outlet } from 'react-router';
import { useT } from '../lib/i18n.tsx';
import { LocalizedNavLink } from '../components/LocalizedLink.tsx';

const SECTIONS = [
  { to: '/profile', key: 'profile.nav.personal', end: true },
  { to: '/profile/orders-history', key: 'profile.nav.orders', end: false },
  { to: '/profile/settings', key: 'profile.nav.settings', end: false },
] as const;

export default function ProfileLayout() {
  const t = useT();
  return (
    <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
      <nav aria-label={t('profile.nav.label')}>
        <ul className="flex gap-2 overflow-x-auto md:flex-col">
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <LocalizedNavLink
                to={s.to}
                end={s.end}
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
      <div>
        <Outlet />
      </div>
    </div>
  );
}
