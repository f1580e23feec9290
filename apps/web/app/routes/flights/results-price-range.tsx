import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { useListedMoney } from '../../lib/use-money.ts';

/** Cost: two sliders (lowest and highest total); a change applies when the slider stops moving. */
export function PriceRange({
  bounds,
  min,
  max,
  currency,
  onCommit,
}: {
  bounds: { min: number; max: number };
  min: number | null;
  max: number | null;
  currency: string;
  onCommit: (min: number | null, max: number | null) => void;
}) {
  const t = useT();
  const price = useListedMoney();
  const step = Math.max(1, Math.round((bounds.max - bounds.min) / 100));
  const lo = Math.floor(bounds.min);
  // The top end must be a step of the slider, or the slider could never reach "no upper limit".
  const hi = lo + step * Math.ceil((bounds.max - lo) / step);
  const [low, setLow] = useState(min ?? lo);
  const [high, setHigh] = useState(max ?? hi);
  const timer = useRef<number | undefined>(undefined);
  // Follow the URL (reset filter, back button) without remounting: a focused slider keeps its focus.
  useEffect(() => setLow(min ?? lo), [min, lo]);
  useEffect(() => setHigh(max ?? hi), [max, hi]);

  const schedule = (nextLow: number, nextHigh: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => onCommit(nextLow <= lo ? null : nextLow, nextHigh >= hi ? null : nextHigh),
      250,
    );
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // The ends cannot cross: each stops at the other.
  const slide = (nextLow: number, nextHigh: number) => {
    setLow(nextLow);
    setHigh(nextHigh);
    schedule(nextLow, nextHigh);
  };
  const sliders = [
    {
      name: 'price[min]',
      label: t('search.filters.priceMin'),
      value: low,
      onChange: (value: number) => slide(Math.min(value, high), high),
    },
    {
      name: 'price[max]',
      label: t('search.filters.priceMax'),
      value: high,
      onChange: (value: number) => slide(low, Math.max(value, low)),
    },
  ];

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 font-semibold">{t('search.filters.price')}</legend>
      <p className="text-sm text-neutral-700" aria-live="polite">
        {t('search.filters.priceRange', { min: price(low, currency), max: price(high, currency) })}
      </p>
      {sliders.map((slider) => (
        <PriceSlider
          key={slider.name}
          {...slider}
          range={{ min: lo, max: hi, step }}
          valueText={price(slider.value, currency)}
        />
      ))}
    </fieldset>
  );
}

/** One end of the price range: a labelled slider over the offers' prices. */
function PriceSlider({
  label,
  name,
  range,
  value,
  valueText,
  onChange,
}: {
  label: string;
  name: string;
  range: { min: number; max: number; step: number };
  value: number;
  /** The price as words for a screen reader (the slider's number alone has no currency). */
  valueText: string;
  onChange: (value: number) => void;
}) {
  return (
    <label className="grid gap-1 text-sm">
      {label}
      <input
        type="range"
        name={name}
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        aria-valuetext={valueText}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
        className="w-full accent-primary-700"
      />
    </label>
  );
}
