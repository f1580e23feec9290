import { useT } from '../lib/i18n.tsx';

/**
 * On every page of a demonstration site (PARVOZ_MODE=demo; docs/operations.md, "Demo and live mode"): its flights
 * are generated and its payments go to the sandbox, and nobody should take its tickets for real ones.
 */
export function DemoBanner() {
  const t = useT();
  return (
    // A labelled landmark: axe wants all content inside one, and a screen reader can jump to it.
    <aside
      aria-labelledby="demo-banner-text"
      data-testid="demo-banner"
      className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950"
    >
      <p id="demo-banner-text">{t('demo.banner')}</p>
    </aside>
  );
}
