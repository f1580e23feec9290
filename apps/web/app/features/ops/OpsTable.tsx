import type { ReactNode } from 'react';
import { useT, type MessageKey } from '../../lib/i18n.tsx';

/** One column: its header's words, its cell for a row, and the cell's own classes. */
export type OpsColumn<Row> = { label: MessageKey; cell: (row: Row) => ReactNode; className?: string };

/**
 * Two looks: a page's list (roomy cells, scrolls below its least width) and a card on the overview (tight
 * cells in a white box, as wide as its content).
 */
const LOOKS = {
  list: {
    box: '',
    table: 'min-w-[36rem] ',
    row: 'border-b border-neutral-200 align-top',
    th: 'p-2',
    td: 'p-2',
  },
  card: {
    box: ' rounded border border-neutral-200 bg-white',
    table: '',
    row: 'border-t border-neutral-100',
    th: 'px-2 py-1 text-start font-semibold',
    td: 'px-2 py-1 align-top',
  },
} as const;

/**
 * A console table: scrolls sideways inside its box on a phone (the page never does), a caption for screen
 * readers, one header row of column names, a row per item whose first cell is the row's header. A column
 * is written once, header and cell together.
 */
export function OpsTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  testId,
  look = 'list',
  minWidth,
  focusable = false,
}: {
  caption: MessageKey;
  columns: readonly OpsColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  testId?: string;
  look?: keyof typeof LOOKS;
  /** The list's least width (a Tailwind class) where its columns need more than the default. */
  minWidth?: string;
  /**
   * A table of plain figures has nothing to tab to: its box takes the focus itself, so a keyboard can scroll it
   * (WCAG 2.1.1; axe's scrollable-region-focusable), named by the caption.
   */
  focusable?: boolean;
}) {
  const t = useT();
  const classes = LOOKS[look];
  const cellClass = (base: string, own: string | undefined) => (own ? `${base} ${own}` : base);
  return (
    <div
      className={`overflow-x-auto${classes.box}`}
      {...(focusable ? { tabIndex: 0, role: 'region', 'aria-label': t(caption) } : {})}
    >
      <table
        className={`w-full ${minWidth ? `${minWidth} ` : classes.table}border-collapse text-left text-sm`}
        data-testid={testId}
      >
        <caption className="sr-only">{t(caption)}</caption>
        <thead>
          <tr className="border-b border-neutral-300">
            {columns.map((column) => (
              <th key={column.label} scope="col" className="p-2 font-semibold">
                {t(column.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={classes.row}>
              {columns.map(({ label, cell, className }, i) =>
                i === 0 ? (
                  <th key={label} scope="row" className={cellClass(classes.th, className)}>
                    {cell(row)}
                  </th>
                ) : (
                  <td key={label} className={cellClass(classes.td, className)}>
                    {cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
