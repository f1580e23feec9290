import type { ReactNode } from 'react';

/**
 * A console table: scrolls sideways inside its box on a phone (the page never does), a caption for screen
 * readers, one header row of column names. Rows are the caller's `<tr>`s, their first cell a row header.
 */
export function OpsTable({
  caption,
  columns,
  children,
  testId,
  minWidth = 'min-w-[36rem]',
  className = '',
}: {
  caption: string;
  columns: readonly ReactNode[];
  children: ReactNode;
  testId?: string;
  /** The table's least width (a Tailwind class): below it, the box scrolls. */
  minWidth?: string;
  className?: string;
}) {
  return (
    <div className={`overflow-x-auto ${className}`}>
      <table className={`w-full ${minWidth} border-collapse text-left text-sm`} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-neutral-300">
            {columns.map((column, i) => (
              <th key={i} scope="col" className="p-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
