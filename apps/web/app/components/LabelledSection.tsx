import type { ReactNode } from 'react';

/**
 * A section named by its heading (`aria-labelledby`), so that assistive technology lists it as a region.
 * The heading's look defaults to the console's; the site's pages pass their own.
 */
export function LabelledSection({
  id,
  heading,
  className,
  headingClassName = 'text-lg font-semibold',
  children,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  heading: ReactNode;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {heading}
      </h2>
      {children}
    </section>
  );
}
