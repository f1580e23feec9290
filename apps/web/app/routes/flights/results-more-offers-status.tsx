import { useEffect, useState } from 'react';
import { LoaderCircle } from 'lucide-react';
import { useT } from '../../lib/i18n.tsx';
import type { SearchOutcome } from '../../features/search/results.ts';

type State = { kind: 'loading' } | { kind: 'added'; count: number } | { kind: 'missing' };

/**
 * What the results page says while another supplier (Duffel) is still searching, and once its offers are in
 * (docs/duffel.md, several suppliers in one search). One polite live region, there from the first offers on,
 * whose text changes: a region inserted with its news is often not read out, a changed one is. It sits
 * outside the streamed list's boundary, so its own re-render never reaches the list before React has hydrated
 * it. Without JavaScript the merged list still streams in; only this line keeps saying that more is coming.
 */
export function MoreOffersStatus({ more }: { more: Promise<SearchOutcome> }) {
  const t = useT();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    more.then(
      (outcome) => {
        if (!live) return;
        setState(
          outcome.kind === 'ok' && !outcome.incomplete
            ? { kind: 'added', count: outcome.offers.length }
            : { kind: 'missing' },
        );
      },
      // The page's stream ended before the supplier's answer: the first list stands.
      () => live && setState({ kind: 'missing' }),
    );
    return () => {
      live = false;
    };
  }, [more]);
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="more-offers-status"
      data-state={state.kind}
      className="flex items-center gap-2 text-sm text-neutral-700"
    >
      {state.kind === 'loading' ? (
        <LoaderCircle
          aria-hidden="true"
          className="size-4 shrink-0 animate-spin motion-reduce:animate-none"
        />
      ) : null}
      {state.kind === 'loading'
        ? t('search.more.loading')
        : state.kind === 'added'
          ? t('search.more.added', { count: state.count })
          : t('search.more.missing')}
    </p>
  );
}
