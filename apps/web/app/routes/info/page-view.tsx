import type { ReactNode } from 'react';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useT } from '../../lib/i18n.tsx';
import { INFO_PAGES, SUPPORT_CONTACTS, type InfoPageName } from '../../features/info/content.ts';
import type { Block, RenderedInfoPage } from '../../features/info/content.server.ts';

const LINKED = new RegExp(
  `(${[SUPPORT_CONTACTS.email, SUPPORT_CONTACTS.phone].map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
);

/** Text with the support email and phone as links. */
function Linked({ text }: { text: string }) {
  return (
    <>
      {text.split(LINKED).map((part, index) => {
        if (part === SUPPORT_CONTACTS.email) {
          return (
            <a key={index} href={`mailto:${part}`} className="text-primary-700 underline">
              {part}
            </a>
          );
        }
        if (part === SUPPORT_CONTACTS.phone) {
          return (
            <a
              key={index}
              href={`tel:${part.replace(/\s+/g, '')}`}
              className="whitespace-nowrap text-primary-700 underline"
            >
              {part}
            </a>
          );
        }
        return part;
      })}
    </>
  );
}

function Blocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, index) =>
        block.kind === 'p' ? (
          <p key={index} className="mt-3 leading-relaxed text-neutral-700">
            <Linked text={block.text} />
          </p>
        ) : (
          <ul key={index} className="mt-3 list-disc space-y-1.5 pl-6 leading-relaxed text-neutral-700">
            {block.items.map((item, i) => (
              <li key={i}>
                <Linked text={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

/** An information page: heading, lead, optional table of contents, sections or questions and answers. */
export function InfoPage({
  name,
  content,
  children,
}: {
  name: InfoPageName;
  content: RenderedInfoPage;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <article className="max-w-3xl" data-testid={`info-${name}`}>
      <PageHeading>{t(INFO_PAGES[name].heading)}</PageHeading>
      <p className="text-lg leading-relaxed text-neutral-800">
        <Linked text={content.lead} />
      </p>
      <p className="mt-2 text-sm text-neutral-600">{t('infoPage.updated', { date: content.updatedOn })}</p>
      {content.toc ? (
        <nav aria-labelledby="info-toc" className="mt-6 rounded-lg border border-neutral-200 bg-white p-4">
          <h2 id="info-toc" className="text-sm font-semibold text-neutral-700">
            {t('infoPage.toc')}
          </h2>
          <ol className="mt-2 grid list-decimal gap-1 pl-5 text-primary-700 sm:grid-cols-2">
            {content.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="underline-offset-2 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {content.sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-8">
          <h2 id={section.id} className="scroll-mt-4 text-xl font-semibold">
            {section.title}
          </h2>
          <Blocks blocks={section.blocks} />
          {section.faq.map((item, index) => (
            <div key={index} className="mt-5">
              <h3 className="font-semibold text-neutral-900">{item.question}</h3>
              <Blocks blocks={item.answer} />
            </div>
          ))}
        </section>
      ))}
      {children}
    </article>
  );
}
