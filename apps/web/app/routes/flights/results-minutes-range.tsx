import { useEffect, useRef, useState } from 'react';
import { useFormatDuration } from '../../features/search/format.ts';

/** One end of a range of minutes: its query name, its label and its value in the filters (null: open). */
export type MinutesEnd = { name: string; label: string; value: number | null };

/**
 * A range of minutes (journey duration, connection length) as one or two labelled sliders over the offers'
 * values, in steps of `step`; like the cost's range, a change applies when the slider stops moving, and an end
 * moved back to the bound clears it. The legend names the group; `describe` says the range in words for the
 * live line under it.
 */
export function MinutesRange({
  legend,
  bounds,
  step,
  low,
  high,
  describe,
  onCommit,
}: {
  legend: string;
  bounds: { min: number; max: number };
  step: number;
  low?: MinutesEnd;
  high: MinutesEnd;
  describe: (low: string, high: string) => string;
  onCommit: (low: number | null, high: number | null) => void;
}) {
  const duration = useFormatDuration();
  const lo = step * Math.floor(bounds.min / step);
  const hi = step * Math.ceil(bounds.max / step);
  const [from, setFrom] = useState(low?.value ?? lo);
  const [to, setTo] = useState(high.value ?? hi);
  const timer = useRef<number | undefined>(undefined);
  // Follow the URL (reset filter, back button) without remounting: a focused slider keeps its focus.
  useEffect(() => setFrom(low?.value ?? lo), [low?.value, lo]);
  useEffect(() => setTo(high.value ?? hi), [high.value, hi]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const slide = (nextFrom: number, nextTo: number) => {
    setFrom(nextFrom);
    setTo(nextTo);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => onCommit(nextFrom <= lo ? null : nextFrom, nextTo >= hi ? null : nextTo),
      250,
    );
  };
  const ends = [
    ...(low ? [{ end: low, value: from, onChange: (v: number) => slide(Math.min(v, to), to) }] : []),
    { end: high, value: to, onChange: (v: number) => slide(from, Math.max(v, from)) },
  ];
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 font-semibold">{legend}</legend>
      <p className="text-sm text-neutral-700" aria-live="polite">
        {describe(duration(from), duration(to))}
      </p>
      {ends.map(({ end, value, onChange }) => (
        <label key={end.name} className="grid gap-1 text-sm">
          {end.label}
          <input
            type="range"
            name={end.name}
            min={lo}
            max={hi}
            step={step}
            value={value}
            aria-valuetext={duration(value)}
            onChange={(event) => onChange(Number(event.currentTarget.value))}
            className="w-full accent-primary-700"
          />
        </label>
      ))}
    </fieldset>
  );
}
