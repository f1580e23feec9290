import { BadgeCheck, Headset, Languages } from 'lucide-react';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { useT } from '../../lib/i18n.tsx';
import { SUPPORT_CONTACTS } from './content.ts';

/** The home page's "why book here": honest prices, four languages, support (each says only what the site does). */
export function WhyBookHere() {
  const t = useT();
  const items = [
    { id: 'prices', Icon: BadgeCheck, title: t('home.why.prices.title'), body: t('home.why.prices.body') },
    {
      id: 'languages',
      Icon: Languages,
      title: t('home.why.languages.title'),
      body: t('home.why.languages.body'),
    },
    {
      id: 'support',
      Icon: Headset,
      title: t('home.why.support.title'),
      body: t('home.why.support.body', { hours: SUPPORT_CONTACTS.hours }),
    },
  ];
  return (
    <section aria-labelledby="why-heading" className="mt-10" data-testid="why-book-here">
      <h2 id="why-heading" className="mb-4 text-xl font-semibold">
        {t('home.why.heading')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {items.map(({ id, Icon, title, body }) => (
          <li key={id} className="rounded-lg border border-neutral-200 bg-white p-4">
            <h3 className="flex items-center gap-2 font-semibold">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-primary-700" />
              {title}
            </h3>
            <p className="mt-2 text-sm text-neutral-700">{body}</p>
            {id === 'support' ? (
              <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
                <LocalizedLink to="/info/contacts" className="text-primary-700 underline">
                  {t('footer.contacts')}
                </LocalizedLink>
                <LocalizedLink to="/info/help" className="text-primary-700 underline">
                  {t('footer.help')}
                </LocalizedLink>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
