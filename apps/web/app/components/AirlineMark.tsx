import { airlineMark } from '../lib/airline-marks.ts';

/**
 * The airline's mark (its code on its colour) beside its name; decorative, the name carries the meaning. The
 * code is drawn by CSS from the data attribute, so the page's text (copying, screen readers) is unchanged.
 */
export function AirlineMark({ code }: { code: string }) {
  const mark = airlineMark(code);
  return (
    <span
      aria-hidden="true"
      data-airline-mark={mark.text}
      className="inline-grid size-6 shrink-0 place-items-center rounded-md text-[0.625rem] leading-none font-bold tracking-tight before:content-[attr(data-airline-mark)]"
      style={{ backgroundColor: mark.background, color: mark.foreground }}
    />
  );
}
