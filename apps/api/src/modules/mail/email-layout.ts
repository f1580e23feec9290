/**
 * The one layout of every email (react-email components, ADR 0019) and the few parts the emails share, and
 * `renderEmailParts`, which turns an email's React element into the HTML and the plain-text part.
 *
 * Written with `createElement` (`h`), not JSX: the API runs its `.ts` files through Node's type stripping,
 * which does not compile JSX (ADR 0001, 0019). `children` are optional in the props types because
 * `h(Component, props, ...children)` passes them apart from the props, which TypeScript checks alone.
 *
 * Every text node is one whole string (`${label}: ${value}`, never `label, ': ', value`): React puts
 * `<!-- -->` between neighbouring text nodes, which would split a sentence in the HTML part.
 */
import { Children, createElement as h, Fragment, type ReactElement, type ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import { getIntl } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';

export { h };

const BRAND = '#1d4ed8';
const MUTED = '#6b7280';
const SOFT = '#374151';

/** The writing direction of a language (all four are left-to-right today; Arabic or Persian would not be). */
export function textDirection(lang: Locale): 'ltr' | 'rtl' {
  const locale = new Intl.Locale(lang) as Intl.Locale & { getTextInfo?: () => { direction?: string } };
  return locale.getTextInfo?.().direction === 'rtl' ? 'rtl' : 'ltr';
}

/**
 * The page every email sits in: `lang`/`dir`, the subject as title, the brand line, the body, and the
 * footer (the site's, unless an email has its own, as the operator emails do). `preview` is the line mail
 * programs show beside the subject; it is left out of the text part.
 */
export function EmailLayout(props: {
  lang: Locale;
  title: string;
  preview?: string;
  footer?: string;
  children?: ReactNode;
}): ReactElement {
  const footer = props.footer ?? getIntl(props.lang).formatMessage({ id: 'mail.footer' });
  return h(
    Html,
    { lang: props.lang, dir: textDirection(props.lang) },
    h(Head, null, h('title', null, props.title)),
    props.preview ? h(Preview, null, props.preview) : null,
    h(
      Body,
      {
        style: {
          margin: 0,
          padding: '24px',
          background: '#f3f4f6',
          fontFamily: 'Arial, Helvetica, sans-serif',
          color: '#111827',
        },
      },
      h(
        Container,
        { style: { maxWidth: '480px', background: '#ffffff', borderRadius: '8px', padding: '24px' } },
        h(
          Text,
          { style: { fontSize: '20px', fontWeight: 'bold', color: BRAND, margin: '0 0 16px' } },
          'Parvoz',
        ),
        h(Section, null, props.children),
        h(Text, { style: { fontSize: '12px', color: MUTED, marginTop: '24px' } }, footer),
      ),
    ),
  );
}

/** The layout of an email that opens with one paragraph, its lead, which mail programs also show as its preview. */
export function LeadEmail(props: {
  lang: Locale;
  title: string;
  lead: string;
  footer?: string;
  children?: ReactNode;
}): ReactElement {
  const { lead, children, ...layout } = props;
  return h(
    EmailLayout,
    { ...layout, preview: lead },
    h(Paragraph, null, lead),
    ...Children.toArray(children),
  );
}

export function Paragraph(props: { children?: string; tone?: 'soft' | 'small' | 'muted' }): ReactElement {
  const style =
    props.tone === 'soft'
      ? { color: SOFT }
      : props.tone === 'small'
        ? { fontSize: '13px', color: '#4b5563' }
        : props.tone === 'muted'
          ? { fontSize: '12px', color: MUTED }
          : {};
  return h(Text, { style: { fontSize: '15px', ...style } }, props.children);
}

/** A code to type (sign-in, a new contact address), big and spaced. */
export function BigCode(props: { children?: string }): ReactElement {
  return h(
    Text,
    { style: { fontSize: '32px', fontWeight: 'bold', letterSpacing: '6px', margin: '16px 0' } },
    props.children,
  );
}

/** The email's one action; in the text part it reads "label url". */
export function ActionButton(props: { href: string; children?: string }): ReactElement {
  return h(
    Section,
    { style: { margin: '16px 0' } },
    h(
      Button,
      {
        href: props.href,
        style: {
          background: BRAND,
          color: '#ffffff',
          padding: '10px 16px',
          borderRadius: '6px',
          textDecoration: 'none',
        },
      },
      props.children,
    ),
  );
}

/** "Label: value" lines in one paragraph (one line each in the text part); values keep their own line breaks. */
export function Fields(props: { rows: Array<[label: string, value: string]> }): ReactElement {
  return h(
    Text,
    { style: { fontSize: '14px', lineHeight: '22px' } },
    ...props.rows.flatMap(([label, value], i) => [
      ...(i > 0 ? [h('br', { key: `br${i}` })] : []),
      h('span', { key: `l${i}`, style: { color: '#4b5563' } }, `${label}: `),
      h(Fragment, { key: `v${i}` }, ...withLineBreaks(value)),
    ]),
  );
}

/** A heading and a list under it (flights, passengers). */
export function ListSection(props: { heading: string; items: string[] }): ReactElement {
  return h(
    Section,
    null,
    h(Text, { style: { fontSize: '16px', fontWeight: 'bold', margin: '16px 0 4px' } }, props.heading),
    h(
      'ul',
      { style: { paddingLeft: '18px', margin: '4px 0 16px' } },
      ...props.items.map((item, i) => h('li', { key: i, style: { margin: '4px 0' } }, item)),
    ),
  );
}

function withLineBreaks(value: string): ReactNode[] {
  return value.split('\n').flatMap((line, i) => (i === 0 ? [line] : [h('br', { key: `b${i}` }), line]));
}

/** The two parts nodemailer sends: the HTML, and the plain text react-email derives from the same element. */
export async function renderEmailParts(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text: `${text}\n` };
}

/**
 * Renders a small email once when the API starts: the first render of a process (loading and compiling React's
 * server renderer) takes a few hundred milliseconds on a busy machine, which the first traveller to get an email
 * would otherwise wait for inside the request that queues it.
 */
export async function warmUpEmailRendering(): Promise<void> {
  // Every shared part once, so that their code is compiled too.
  await renderEmailParts(
    h(
      EmailLayout,
      { lang: 'en', title: 'Parvoz', preview: 'Parvoz' },
      h(Paragraph, null, 'Parvoz'),
      h(BigCode, null, '000000'),
      h(Fields, { rows: [['Parvoz', 'Parvoz\nParvoz']] }),
      h(ListSection, { heading: 'Parvoz', items: ['Parvoz'] }),
      h(ActionButton, { href: 'http://127.0.0.1/' }, 'Parvoz'),
    ),
  );
}
