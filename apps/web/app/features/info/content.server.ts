import { getIntl } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import { INFO_PAGES, SUPPORT_CONTACTS, CONTENT_UPDATED_ON, type InfoPageName } from './content.ts';

/** A paragraph or a bulleted list of an information text. */
export type Block = { kind: 'p'; text: string } | { kind: 'ul'; items: string[] };
export type RenderedSection = {
  id: string;
  title: string;
  blocks: Block[];
  faq: Array<{ question: string; answer: Block[] }>;
};
export type RenderedInfoPage = {
  lead: string;
  sections: RenderedSection[];
  /** The revision date, already formatted for the language. */
  updatedOn: string;
  toc: boolean;
};

/** Plain text to blocks: paragraphs split by blank lines; a paragraph of "- " lines is a list. */
export function toBlocks(text: string): Block[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part): Block => {
      const lines = part.split('\n').map((line) => line.trim());
      if (lines.every((line) => line.startsWith('- '))) {
        return { kind: 'ul', items: lines.map((line) => line.slice(2).trim()) };
      }
      return { kind: 'p', text: lines.join(' ') };
    });
}

/** An information page's text in one language, formatted on the server (ICU messages, contact details). */
export function renderInfoPage(locale: Locale, name: InfoPageName): RenderedInfoPage {
  const intl = getIntl(locale);
  const page = INFO_PAGES[name];
  const format = (id: string) => intl.formatMessage({ id }, { ...SUPPORT_CONTACTS });
  return {
    lead: format(page.lead),
    toc: page.toc,
    updatedOn: intl.formatDate(new Date(`${CONTENT_UPDATED_ON}T00:00:00Z`), {
      dateStyle: 'long',
      timeZone: 'UTC',
    }),
    sections: page.sections.map((section) => ({
      id: section.id,
      title: format(section.title),
      blocks: 'body' in section ? toBlocks(format(section.body)) : [],
      faq:
        'faq' in section
          ? section.faq.map((item) => ({ question: format(item.q), answer: toBlocks(format(item.a)) }))
          : [],
    })),
  };
}

/** How long browsers and shared caches may keep an information page. */
export const INFO_PAGE_MAX_AGE_SECONDS = 3600;

export type WhyBookHereText = {
  heading: string;
  items: { id: 'prices' | 'languages' | 'support'; title: string; body: string }[];
};

/** The home page's "why book here", formatted on the server like the information pages (no shell messages). */
export function renderWhyBookHere(locale: Locale): WhyBookHereText {
  const intl = getIntl(locale);
  const format = (id: string) => intl.formatMessage({ id }, { ...SUPPORT_CONTACTS });
  return {
    heading: format('content.home.why.heading'),
    items: [
      {
        id: 'prices',
        title: format('content.home.why.prices.title'),
        body: format('content.home.why.prices.body'),
      },
      {
        id: 'languages',
        title: format('content.home.why.languages.title'),
        body: format('content.home.why.languages.body'),
      },
      {
        id: 'support',
        title: format('content.home.why.support.title'),
        body: format('content.home.why.support.body'),
      },
    ],
  };
}
