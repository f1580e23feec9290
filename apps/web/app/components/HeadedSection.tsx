import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';

/**
 * A region of a page named by its own heading (`aria-labelledby` → the h2), so that screen readers list it
 * by that name. The section takes any other attribute (class, test id); the heading is an h2.
 */
export function HeadedSection({
  headingId,
  heading,
  headingClassName = 'text-lg font-semibold',
  headingRef,
  children,
  ...section
}: Omit<ComponentPropsWithoutRef<'section'>, 'aria-labelledby'> & {
  headingId: string;
  heading: ReactNode;
  headingClassName?: string;
  /** Makes the heading focusable from script (tabIndex -1): for a panel that appears in place of a button. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <section aria-labelledby={headingId} {...section}>
      <h2 id={headingId} className={headingClassName} tabIndex={headingRef ? -1 : undefined} ref={headingRef}>
        {heading}
      </h2>
      {children}
    </section>
  );
}
