import { BadgeCheck, Headset, Languages } from 'lucide-react';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { useT } from '../../lib/i18n.tsx';
import type { WhyBookHereText } from '../../features/info/content.server.ts';

const ICONS = { prices: BadgeCheck, languages: Languages, support: Headset };

/** Where the support item sends a traveller with a question. */
const SUPPORT_LINKS = [
  { to: '/info/contacts', key: 'footer.contacts' },
  { to: '/info/help', key: 'footer.help' },
] as const;

/** The home page's "why book here": honest prices, four languages, support (each says only what the site does). */
export function WhyBookHere({ text }: { text: WhyBookHereText }) {
  const t = useT();
  return (
    <section aria-labelledby="why-heading" className="mt-10" data-testid="why-book-here">
      <h2 id="why-heading" className="mb-4 text-xl font-semibold">
        {text.heading}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {text.items.map(({ id, title, body }) => {
          const Icon = ICONS[id];
          return (
            <li key={id} className="rounded-lg border border-neutral-200 bg-white p-4">
              <h3 className="flex items-center gap-2 font-semibold">
                <Icon aria-hidden="true" className="size-5 shrink-0 text-primary-700" />
                {title}
              </h3>
              <p className="mt-2 text-sm text-neutral-700">{body}</p>
              {id === 'support' ? (
                <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
                  {SUPPORT_LINKS.map((link) => (
                    <LocalizedLink key={link.to} to={link.to} className="text-primary-700 underline">
                      {t(link.key)}
                    </LocalizedLink>
                  ))}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
