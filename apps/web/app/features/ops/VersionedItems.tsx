import type { ReactNode } from 'react';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { PostButton } from '../../components/PostButton.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { HeadedSection } from '../../components/HeadedSection.tsx';

/*
 * The admins' console pages of items kept as versions (pricing rules, promo codes; docs/operations.md): the
 * same page (the list, then the new item's form) and the same card of an item (its history, its next
 * version's form, its retirement after a confirmation).
 */

/** What the page's last post came to: done (a status) or refused (an alert). */
export type VersionedAnswer = { done: MessageKey } | { problem: MessageKey };

export function VersionedItemsPage({
  heading,
  intro,
  answer,
  list,
  newItem,
}: {
  heading: MessageKey;
  intro: MessageKey;
  answer: VersionedAnswer | undefined;
  /** The list's section: its heading's id and text, the text of an empty list, the list's test id and items. */
  list: {
    headingId: string;
    heading: MessageKey;
    none: MessageKey;
    testId: string;
    count: number;
    items: ReactNode;
  };
  newItem: { headingId: string; heading: MessageKey; form: ReactNode };
}) {
  const t = useT();
  return (
    <div className="grid gap-6">
      <PageHeading>{t(heading)}</PageHeading>
      <p className="-mt-4 max-w-prose text-neutral-700">{t(intro)}</p>
      {answer ? (
        <p role={'problem' in answer ? 'alert' : 'status'} className="rounded bg-neutral-100 p-3">
          {t('problem' in answer ? answer.problem : answer.done)}
        </p>
      ) : null}
      <HeadedSection headingId={list.headingId} heading={t(list.heading)} className="grid gap-3">
        {list.count === 0 ? <p>{t(list.none)}</p> : null}
        <ul className="grid gap-3" data-testid={list.testId}>
          {list.items}
        </ul>
      </HeadedSection>
      <HeadedSection
        headingId={newItem.headingId}
        heading={t(newItem.heading)}
        className="grid gap-3 rounded border border-neutral-200 bg-white p-4"
      >
        {newItem.form}
      </HeadedSection>
    </div>
  );
}

/** One version in an item's history: who wrote it and when, then what it says (or that it retired the item). */
export interface HistoryLine {
  version: number;
  line: string;
  terms: string;
}

export function VersionedItemCard({
  testId,
  title,
  state,
  children,
  history,
  edit,
  retire,
}: {
  testId: string;
  title: ReactNode;
  state: string;
  /** What the item says now, under its title. */
  children: ReactNode;
  history: { testId: string; lines: HistoryLine[] };
  edit: { open?: boolean; form: ReactNode };
  /** Absent once the item is retired (or retires with its next version). */
  retire: { label: MessageKey; confirm: MessageKey; fields: Record<string, string>; busy: boolean } | null;
}) {
  const t = useT();
  return (
    <li className="grid gap-2 rounded border border-neutral-200 bg-white p-3" data-testid={testId}>
      <h3 className="flex flex-wrap items-baseline gap-x-3 gap-y-1 font-semibold wrap-anywhere">
        <span>{title}</span>
        <span className="rounded bg-neutral-100 px-2 text-sm font-medium">{state}</span>
      </h3>
      {children}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">
          {t('ops.priceRules.history', { count: history.lines.length })}
        </summary>
        <ol className="mt-2 grid gap-2 ps-4" data-testid={history.testId}>
          {history.lines.map((v) => (
            <li key={v.version} className="wrap-anywhere">
              {v.line}
              <br />
              {v.terms}
            </li>
          ))}
        </ol>
      </details>
      <details open={edit.open}>
        <summary className="cursor-pointer font-medium">{t('ops.priceRules.edit')}</summary>
        <div className="mt-3">{edit.form}</div>
      </details>
      {retire ? (
        <details>
          <summary className="cursor-pointer font-medium">{t(retire.label)}</summary>
          <div className="mt-2 grid justify-items-start gap-2">
            <p>{t(retire.confirm)}</p>
            <PostButton intent="retire" fields={retire.fields} size="sm" disabled={retire.busy}>
              {t('ops.priceRules.retireYes')}
            </PostButton>
          </div>
        </details>
      ) : null}
    </li>
  );
}
