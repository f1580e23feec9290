import { lazy, startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import type { PlaceValue } from './search-form.ts';
import { controlClasses, labelClasses } from './ui.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/** downshift and the suggestion list load after the page is interactive, not with it (home page JS budget). */
const loadCombobox = () => import('./PlaceCombobox.tsx');
const PlaceCombobox = lazy(loadCombobox);

export type PlaceFieldProps = {
  id: string;
  /** Form names: `{name}` carries the code, `{name}Name` what the field shows. */
  name: string;
  label: string;
  value: PlaceValue;
  onChange: (value: PlaceValue) => void;
  describedBy?: string | undefined;
  invalid?: boolean;
  /** Load the combobox once the page is idle (the home page); otherwise on the field's first focus. */
  eager?: boolean;
};

/**
 * From / to. Without JavaScript a text field (the server finds the place by its name); once the page is
 * interactive, an accessible combobox over `/v1/places` in any of the four languages.
 */
export function PlaceField(props: PlaceFieldProps) {
  const hydrated = useHydrated();
  const [enhance, setEnhance] = useState(false);
  const focused = useRef(false);

  const { eager = true } = props;
  useEffect(() => {
    if (!hydrated || !eager) return;
    // A transition keeps the plain field on screen until the combobox is ready, then swaps them at once.
    const start = () => startTransition(() => setEnhance(true));
    // Soon after the page settles; typing before that keeps working in the plain field.
    const idle = window.requestIdleCallback?.(start, { timeout: 2000 });
    const timer = idle === undefined ? window.setTimeout(start, 300) : undefined;
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [hydrated, eager]);

  const plain = (
    <PlainPlaceInput
      {...props}
      onFocus={() => {
        focused.current = true;
        startTransition(() => setEnhance(true));
      }}
      onBlur={() => {
        focused.current = false;
      }}
    />
  );
  return (
    <Suspense fallback={plain}>{enhance ? <PlaceCombobox {...props} takeFocus={focused} /> : plain}</Suspense>
  );
}

function PlainPlaceInput({
  id,
  name,
  label,
  value,
  onChange,
  describedBy,
  invalid,
  onFocus,
  onBlur,
}: PlaceFieldProps & { onFocus: () => void; onBlur: () => void }) {
  const t = useT();
  return (
    <div className="relative grid gap-1">
      <label id={`${id}-label`} htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <input
        id={id}
        name={`${name}Name`}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('search.place.placeholder')}
        className={controlClasses}
        value={value.name}
        onChange={(event) => onChange({ code: '', name: event.currentTarget.value })}
        onFocus={onFocus}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      <input type="hidden" name={name} value={value.code} />
    </div>
  );
}

/** Starts loading the combobox early (e.g. when the pointer nears the form). */
export function preloadPlaceCombobox(): void {
  void loadCombobox();
}
