import { useLocale, useT } from '../lib/i18n.tsx';
import { LocalizedLink } from './LocalizedLink.tsx';
import { Static } from './Static.tsx';

const FOOTER_LINKS = [
  { to: '/anywhere', key: 'footer.anywhere' },
  { to: '/tours', key: 'footer.tours' },
  { to: '/agencies', key: 'footer.agencies' },
  { to: '/info/contacts', key: 'footer.contacts' },
  { to: '/info/agreement', key: 'footer.information' },
  { to: '/info/payment-security', key: 'footer.security' },
  { to: '/info/confidential', key: 'footer.confidentiality' },
  { to: '/info/offer', key: 'footer.offer' },
  { to: '/info/help', key: 'footer.help' },
  { to: '/info/my-ticket', key: 'footer.whereIsMyTicket' },
] as const;

/** The same on every page of a language: never hydrated (components/Static.tsx). */
export function Footer() {
  return (
    <Static id="footer" watch={[useLocale()]}>
      <FooterContent />
    </Static>
  );
}

function FooterContent() {
  const t = useT();
  return (
    <footer className="mt-12 border-t border-neutral-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-6 text-sm text-neutral-700">
        <nav aria-label={t('footer.label')}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.key}>
                <LocalizedLink to={link.to} className="hover:text-primary-700 hover:underline">
                  {t(link.key)}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-4">
          <a href="https://openflights.org/data.php" className="underline hover:text-primary-700">
            {t('footer.dataAttribution')}
          </a>
        </p>
        <p className="mt-1">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
