import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useCombobox } from 'downshift';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { fetchPlaces, placeDetail, placeText, type PlaceSuggestion } from './places.ts';
import type { PlaceFieldProps } from './PlaceField.tsx';
import { controlClasses, labelClasses } from './ui.ts';

const DEBOUNCE_MS = 120;

/**
 * The from/to combobox (WAI-ARIA combobox with a listbox, by downshift): type a city or airport in any of the
 * four languages or its code, move with the arrow keys, Enter or a click picks; leaving the field with a
 * suggestion highlighted picks it too. Every string is ours; the result count is announced.
 */
export default function PlaceCombobox({
  id,
  name,
  label,
  value,
  onChange,
  describedBy,
  invalid,
  takeFocus,
}: PlaceFieldProps & { takeFocus: RefObject<boolean> }) {
  const t = useT();
  const locale = useLocale();
  const [items, setItems] = useState<PlaceSuggestion[]>([]);
  const [state, setState] = useState<'idle' | 'loading' | 'done'>('idle');
  const inputRef = useRef<HTMLInputElement | null>(null);
  const request = useRef<{ timer?: number; controller?: AbortController }>({});

  // Replacing the plain field while it had focus: keep the caret where the traveller was typing.
  useLayoutEffect(() => {
    if (!takeFocus.current || !inputRef.current) return;
    const input = inputRef.current;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
    // Runs once, when the combobox replaces the plain field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const search = (query: string) => {
    const pending = request.current;
    window.clearTimeout(pending.timer);
    pending.controller?.abort();
    if (query.trim() === '') {
      setItems([]);
      setState('idle');
      return;
    }
    setState('loading');
    pending.timer = window.setTimeout(() => {
      const controller = new AbortController();
      pending.controller = controller;
      fetchPlaces(locale, query, controller.signal)
        .then((found) => {
          if (controller.signal.aborted) return;
          setItems(found);
          setState('done');
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          setItems([]);
          setState('done');
        });
    }, DEBOUNCE_MS);
  };

  useEffect(() => {
    const pending = request.current;
    // A field that arrives with typed text but no place (typed before the combobox loaded) looks it up.
    if (value.name && !value.code) search(value.name);
    return () => {
      window.clearTimeout(pending.timer);
      pending.controller?.abort();
    };
    // Once on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const selected: PlaceSuggestion | null = value.code
    ? { type: 'city', code: value.code, name: value.name }
    : null;

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } =
    useCombobox<PlaceSuggestion>({
      items,
      inputId: id,
      labelId: `${id}-label`,
      menuId: `${id}-listbox`,
      getItemId: (index) => `${id}-option-${index}`,
      itemToString: (item) => (item ? placeText(item) : ''),
      itemToKey: (item) => item?.code ?? null,
      selectedItem: selected,
      inputValue: value.name,
      defaultHighlightedIndex: 0,
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem) onChange({ code: selectedItem.code, name: placeText(selectedItem) });
      },
      getA11yStatusMessage: ({ isOpen: open }) => {
        if (!open || state !== 'done') return '';
        return items.length ? t('search.place.count', { count: items.length }) : t('search.place.noResults');
      },
    });

  const showEmpty = isOpen && state === 'done' && items.length === 0 && value.name.trim() !== '';
  const showNoOptions = isOpen && state === 'idle' && value.name.trim() === '';
  return (
    <div className="relative grid gap-1">
      {/* downshift's label props carry the id and htmlFor tying it to the input. */}
      <label {...getLabelProps({ className: labelClasses })}>{label}</label>
      <input
        {...getInputProps({
          ref: inputRef,
          // Typing updates the form in the keystroke's own event: a controlled field updated later (downshift
          // reports changes after rendering) would drop characters typed quickly.
          onChange: (event) => {
            const text = event.currentTarget.value;
            onChange({ code: '', name: text });
            search(text);
          },
          name: `${name}Name`,
          type: 'text',
          autoComplete: 'off',
          spellCheck: false,
          placeholder: t('search.place.placeholder'),
          className: controlClasses + (value.code ? ' pr-14' : ''),
          'aria-invalid': invalid || undefined,
          'aria-describedby': describedBy,
        })}
      />
      {value.code ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute right-3 bottom-3 text-sm font-semibold text-neutral-600"
        >
          {value.code}
        </span>
      ) : null}
      <input type="hidden" name={name} value={value.code} />
      <ul
        {...getMenuProps({
          className:
            isOpen && items.length > 0
              ? 'absolute top-full left-0 z-30 mt-1 max-h-80 w-full min-w-64 overflow-auto rounded-md border border-neutral-200 bg-white py-1 shadow-lg'
              : 'hidden',
        })}
      >
        {isOpen
          ? items.map((item, index) => (
              <li
                key={`${item.type}-${item.code}`}
                {...getItemProps({
                  item,
                  index,
                  className: `flex cursor-pointer items-center justify-between gap-3 px-3 py-2 ${
                    highlightedIndex === index ? 'bg-primary-50' : ''
                  }`,
                })}
              >
                <span className="grid">
                  <span className="font-medium text-neutral-900">{item.name}</span>
                  {placeDetail(item) ? (
                    <span className="text-sm text-neutral-600">{placeDetail(item)}</span>
                  ) : null}
                </span>
                <span className="text-sm font-semibold text-neutral-700">{item.code}</span>
              </li>
            ))
          : null}
      </ul>
      {showEmpty || showNoOptions ? (
        <p className="absolute top-full left-0 z-30 mt-1 w-full rounded-md border border-neutral-200 bg-white px-3 py-2 text-sm text-neutral-700 shadow-lg">
          {showEmpty ? t('search.place.noResults') : t('search.place.noOptions')}
        </p>
      ) : null}
    </div>
  );
}
