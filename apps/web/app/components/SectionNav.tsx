import { useT, type MessageKey } from '../lib/i18n.tsx';
import { LocalizedNavLink } from './LocalizedLink.tsx';

/** One entry: its path, its words, and whether only that exact path marks it current. */
export type SectionLink = { to: string; key: MessageKey; end?: boolean };

/**
 * The links between the sections of an area (the profile, the console); the current one stands out.
 * `listClassName` lays the list out, `linkClassName` adds to every link's look.
 */
export function SectionNav({
  label,
  links,
  listClassName,
  linkClassName,
}: {
  label: string;
  links: readonly SectionLink[];
  listClassName: string;
  linkClassName?: string;
}) {
  const t = useT();
  const base = linkClassName ? `block ${linkClassName} rounded px-3 py-2` : 'block rounded px-3 py-2';
  return (
    <nav aria-label={label}>
      <ul className={listClassName}>
        {links.map((link) => (
          <li key={link.to}>
            <LocalizedNavLink
              to={link.to}
              end={link.end ?? false}
              className={({ isActive }) =>
                `${base} ${isActive ? 'bg-primary-50 font-semibold text-primary-800' : 'hover:bg-neutral-100'}`
              }
            >
              {t(link.key)}
            </LocalizedNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
