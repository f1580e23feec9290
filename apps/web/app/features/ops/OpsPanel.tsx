import type { ReactNode } from 'react';
import { HeadedSection } from '../../components/HeadedSection.tsx';

/** A boxed section of a console page (the order's actions, refunds and supplier, a tour's publishing), named by its heading. */
export function OpsPanel({
  id,
  heading,
  roomy = false,
  children,
}: {
  id: string;
  heading: ReactNode;
  /** More space between its parts (forms one under the other). */
  roomy?: boolean;
  children: ReactNode;
}) {
  return (
    <HeadedSection
      headingId={id}
      heading={heading}
      className={`grid ${roomy ? 'gap-4' : 'gap-3'} rounded border border-neutral-200 bg-white p-4`}
    >
      {children}
    </HeadedSection>
  );
}
