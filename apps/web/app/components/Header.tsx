import { Form, useLocation, useSubmit } from 'react-router';
import { Plane, Settings, UserRound } from 'lucide-react';
import { LOCALES, switchLocaleInPath } from '@parvoz/i18n/locales';
import { CURRENCIES } from '@parvoz/i18n/currency';
import { useRootData, useT } from '../lib/i18n.tsx';
import { LocalizedLink } from './LocalizedLink.tsx';
import { Avatar } from './Avatar.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { preloadLoginForm } from '../features/auth/LoginDialog.tsx';

export function Header() {
  const t = useT();
  const { locale, currency, languageNames, user } = useRootData();
  const location = useLocation();
  const submit = useSubmit();
  const returnTo = location.pathname + location.search;
  const auth = useAuth();
  // Signing in from the sign-in page itself goes to the profile.
  const signInReturnTo = /^\/[a-z]{2}\/login(\/|$)/.test(location.pathname) ? `/${locale}/profile` : returnTo;
  return (
    <header className="border-b border-neutral-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <LocalizedLink
          to="/"
          className="flex items-center gap-2 text-lg font-bold text-primary-700"
          aria-label={t('nav.home')}
        >
          <Plane aria-hidden="true" className="size-5" />
          <span>{t('app.name')}</span>
        </LocalizedLink>
        <div className="ml-auto flex flex-wrap items-center gap-3 text-sm">
          <nav aria-label={t('header.language')}>
            <ul className="flex gap-1">
              {LOCALES.map((l) => (
                <li key={l}>
                  <a
                    href={switchLocaleInPath(location.pathname, l) + location.search}
                    hrefLang={l}
                    lang={l}
                    aria-current={l === locale ? 'true' : undefined}
                    className={`rounded px-2 py-1 uppercase ${l === locale ? 'bg-primary-50 font-semibold text-primary-800' : 'text-neutral-700 hover:bg-neutral-100'}`}
                  >
                    <span aria-hidden="true">{l}</span>
                    <span className="sr-only">{languageNames[l]}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <Form method="post" action={`/${locale}/settings`} className="flex items-center gap-1">
            <input type="hidden" name="returnTo" value={returnTo} />
            <label htmlFor="header-currency" className="sr-only">
              {t('header.currency')}
            </label>
            <select
              id="header-currency"
              name="currency"
              defaultValue={currency}
              key={currency}
              onChange={(event) => submit(event.currentTarget.form)}
              className="rounded border border-neutral-300 bg-white px-2 py-1"
            >
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            <button type="submit" className="sr-only focus:not-sr-only">
              {t('settings.save')}
            </button>
          </Form>
          <LocalizedLink
            to="/settings"
            className="rounded p-1.5 text-neutral-700 hover:bg-neutral-100"
            aria-label={t('header.settings')}
          >
            <Settings aria-hidden="true" className="size-4" />
          </LocalizedLink>
          {user ? (
            <LocalizedLink
              to="/profile"
              className="flex items-center gap-2 rounded px-2 py-1 hover:bg-neutral-100"
              title={t('user.greeting', { name: user.name ?? user.email })}
            >
              <Avatar alt={user.name ?? user.email} size="xs" />
              <span>{t('header.profile')}</span>
            </LocalizedLink>
          ) : (
            <LocalizedLink
              to={`/login?returnTo=${encodeURIComponent(signInReturnTo)}`}
              onClick={(event) => {
                // With JavaScript the login dialog opens here; without, the link is the sign-in page.
                event.preventDefault();
                auth.open(signInReturnTo);
              }}
              onPointerEnter={preloadLoginForm}
              onFocus={preloadLoginForm}
              className="flex items-center gap-1 rounded px-2 py-1 text-primary-800 hover:bg-primary-50"
            >
              <UserRound aria-hidden="true" className="size-4" />
              <span>{t('header.signIn')}</span>
            </LocalizedLink>
          )}
        </div>
      </div>
    </header>
  );
}
