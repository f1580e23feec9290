import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import type {
  SearchFormErrorField,
  SearchFormErrorKey,
  SearchFormInput,
  searchFormSchema,
} from '@parvoz/contracts/search-form';
import { useLocale } from '../../lib/i18n.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { fetchPlaces } from './places.ts';
import { browserDates, resultsPath, type PlaceValue, type SearchFormValues } from './search-form.ts';

/** The name of the button Conform submits its own intents with (a re-check of a corrected field). */
const INTENT = '__intent__';

/** The form's rules, loaded after hydration (lib/use-contract-form.ts); dates from the browser's today. */
const loadSearchFormSchema = () =>
  import('@parvoz/contracts/search-form').then((m) => m.searchFormSchema(() => browserDates()));

/** A typed name without a chosen place: the first suggestion, as the server does without JavaScript. */
async function resolvePlace(lang: string, value: PlaceValue): Promise<PlaceValue> {
  if (value.code || !value.name.trim()) return value;
  try {
    const [first] = await fetchPlaces(lang, value.name);
    return first ? { code: first.code, name: first.name } : value;
  } catch {
    return value;
  }
}

/** What a change of the values touches: its message goes until the next search (the others stay). */
function touched(patch: Partial<SearchFormValues>): SearchFormErrorField[] {
  const fields: SearchFormErrorField[] = [];
  if ('fromCode' in patch || 'toCode' in patch) fields.push('route');
  if ('depart' in patch) fields.push('depart', 'return');
  if ('ret' in patch) fields.push('return');
  if ('passengers' in patch) fields.push('passengers');
  return fields;
}

/** Where the focus goes for the first error, in the form's order (the "from" field, or "to" when from is set). */
function firstErrorControl(
  errors: Partial<Record<SearchFormErrorField, unknown>>,
  values: SearchFormValues,
): string | null {
  if (errors.route) return values.fromCode ? 'to' : 'from';
  if (errors.depart) return 'depart';
  if (errors.return) return 'return';
  if (errors.passengers) return 'passengers';
  return null;
}

/**
 * The search form's state and its one check, Conform's with the contract's schema: the values the controls
 * show, their errors (message keys; a field's goes once it changes, the rest stay until the next search),
 * and the form's props. A search with JavaScript looks the typed places up, waits for the schema if it is
 * still on its way, lets Conform check the form as the action would, then navigates to the results; the
 * first field in error takes the focus. Without JavaScript the form posts to the home route's action.
 */
export function useSearchForm(
  idPrefix: string,
  initial: SearchFormValues,
  lastResult: SubmissionResult | undefined,
) {
  const locale = useLocale();
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [changed, setChanged] = useState<ReadonlySet<SearchFormErrorField>>(new Set());
  const [phase, setPhase] = useState<'idle' | 'lookup' | 'check'>('idle');
  const checking = useRef(false);
  const accepted = useRef(false);
  const focusPending = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields, schema] = useContractForm<ReturnType<typeof searchFormSchema>, SearchFormInput>(
    `${idPrefix}-form`,
    loadSearchFormSchema,
    lastResult,
    {
      onSubmit: (event, { submission }) => {
        event.preventDefault();
        if (submission?.status !== 'success') return;
        accepted.current = true;
        navigate(resultsPath(locale, submission.value));
      },
    },
  );

  const errorOf = (field: SearchFormErrorField) =>
    changed.has(field) ? undefined : (fields[field].errors?.[0] as SearchFormErrorKey | undefined);
  const errors = {
    route: errorOf('route'),
    depart: errorOf('depart'),
    return: errorOf('return'),
    passengers: errorOf('passengers'),
  };
  const errorId = (field: SearchFormErrorField) => fields[field].errorId;

  const update = (patch: Partial<SearchFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setChanged((before) => new Set([...before, ...touched(patch)]));
  };

  // The looked-up places are rendered: Conform checks the form once the schema is there. Without it (not
  // downloaded) the form goes to the action, which checks it as without JavaScript.
  useEffect(() => {
    if (phase !== 'check' || schema === 'loading') return;
    if (schema === 'failed') {
      setPhase('idle');
      return formRef.current?.submit();
    }
    setChanged(new Set());
    // From a task of its own: a submit event dispatched while React 19 runs its effects never reached
    // onSubmit (seen in Chromium). Busy until then, so a second click starts no second search.
    window.setTimeout(() => {
      checking.current = true;
      try {
        formRef.current?.requestSubmit();
      } finally {
        checking.current = false;
        setPhase('idle');
      }
    });
  }, [phase, schema]);

  // After a refused search, once its errors show. Conform's own focus cannot reach these controls (the
  // places' and dates' values are hidden inputs, the passengers a button).
  useEffect(() => {
    if (!focusPending.current) return;
    const control = firstErrorControl(errors, values);
    if (!control) return;
    focusPending.current = false;
    document.getElementById(`${idPrefix}-${control}`)?.focus();
  });

  const formProps = getFormProps(form);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // The check after the lookup, and Conform's re-checks of a corrected field: Conform's to handle.
    if (checking.current || submitter?.getAttribute('name') === INTENT) {
      accepted.current = false;
      formProps.onSubmit(event);
      if (checking.current && !accepted.current) focusPending.current = true;
      event.preventDefault();
      return;
    }
    // With JavaScript the browser never posts the form: a search navigates in the page.
    event.preventDefault();
    if (phase !== 'idle') return;
    setPhase('lookup');
    void Promise.all([
      resolvePlace(locale, { code: values.fromCode, name: values.fromName }),
      resolvePlace(locale, { code: values.toCode, name: values.toName }),
    ]).then(([from, to]) => {
      setValues((v) => ({
        ...v,
        fromCode: from.code,
        fromName: from.name,
        toCode: to.code,
        toName: to.name,
      }));
      setPhase('check');
    });
  };

  return {
    values,
    update,
    errors,
    errorId,
    busy: phase !== 'idle',
    // Always noValidate: the browser's own checks (number and date bounds) would speak instead of ours.
    formProps: { id: formProps.id, ref: formRef, onSubmit, noValidate: true },
  };
}
