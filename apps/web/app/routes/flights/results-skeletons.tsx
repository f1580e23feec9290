import { useT } from '../../lib/i18n.tsx';

/** What the results page shows while the search runs (streamed in its place when it ends). */
export function ResultsSkeleton() {
  const t = useT();
  return (
    <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]" aria-busy="true">
      <p role="status" className="sr-only">
        {t('search.results.loading')}
      </p>
      <div className="hidden h-96 animate-pulse rounded-xl bg-white ring-1 ring-neutral-200 lg:block" />
      <div className="grid gap-4">
        <div className="h-14 animate-pulse rounded-xl bg-white ring-1 ring-neutral-200" />
        {[0, 1, 2].map((i) => (
          <div
            key={i}
            className="grid h-40 animate-pulse gap-3 rounded-xl bg-white p-4 ring-1 ring-neutral-200"
          >
            <div className="h-4 w-1/3 rounded bg-neutral-200" />
            <div className="h-6 w-2/3 rounded bg-neutral-200" />
            <div className="h-4 w-1/2 rounded bg-neutral-100" />
          </div>
        ))}
      </div>
    </div>
  );
}

export function StripSkeleton() {
  return (
    <div aria-hidden="true" className="flex gap-2 overflow-hidden sm:grid sm:grid-cols-7">
      {[0, 1, 2, 3, 4, 5, 6].map((i) => (
        <div
          key={i}
          className="h-14 w-28 shrink-0 animate-pulse rounded-lg bg-white ring-1 ring-neutral-200 sm:w-auto"
        />
      ))}
    </div>
  );
}
