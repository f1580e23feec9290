import { useEffect, useRef, useState } from 'react';
import { useForm, type DefaultValue, type Submission, type SubmissionResult } from '@conform-to/react';
import type { z } from 'zod';
import { schemaFields } from './form-fields.ts';

type Schema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/**
 * A Conform form validated in the browser with the contract schema the action parses with (the same
 * `parseWithZod`), showing the action's reply (`lastResult`) with or without JavaScript. Validates on
 * submit, then again as the visitor corrects a field.
 *
 * The schema comes from `loadSchema`, usually a dynamic import, fetched once the page has hydrated: zod, the
 * schema and its rules (libphonenumber's for phone numbers) are ~60 kB of gzipped JavaScript that need not
 * hold up the first paint (docs/performance.md#speed-targets). Until they arrive — a moment after hydration,
 * or never on a failed download — a submission simply goes to the action, which checks it with the same
 * schema and answers with the same errors. `loadSchema` must be the same function on every render (module
 * level, or `useCallback`): a new one loads the schema again.
 *
 * A form that is not the page's purpose (a price alert beside the offers) loads it only when first used:
 * `loadWhen: 'used'` waits for a focus or a press inside the form. Evaluating zod's schemas is one task of
 * ~25 ms on a mid-range phone per contract module; pages should not pay it for a form nobody touches.
 *
 * The third value says where the schema is ('loading', 'ready', or 'failed' to download), for a form that
 * does something other than post once checked (the search form navigates in the browser, and waits for it).
 */
export function useContractForm<
  S extends Schema,
  // The fields as the form names them, when the schema's input type does not say (e.g. a preprocessed part).
  Fields extends Record<string, unknown> = z.input<S>,
>(
  id: string,
  loadSchema: () => Promise<S>,
  lastResult: SubmissionResult | null | undefined,
  options: {
    /** Fills a new form (e.g. the booking's passengers by type, the account's email). */
    defaultValue?: DefaultValue<NoInfer<Fields>>;
    /** Check only the schema's own fields (an API request schema that refuses unknown keys). */
    onlySchemaFields?: boolean;
    /** Conform's `onSubmit`: called with a submission the schema accepted (or any, before it loaded). */
    onSubmit?: Parameters<typeof useForm<Fields, z.output<S>>>[0]['onSubmit'];
    /** When to load the schema: once the page has hydrated (default), or when the form is first used. */
    loadWhen?: 'hydrated' | 'used';
  } = {},
) {
  type Validate = (formData: FormData) => Submission<Fields, string[], z.output<S>>;
  const [validate, setValidate] = useState<Validate | 'failed' | null>(null);
  const { defaultValue, onlySchemaFields = false, onSubmit, loadWhen = 'hydrated' } = options;
  // The download, once per form; started by the first use without a render of the form (the first tap or
  // key in a long form re-rendered all of it before its next paint), which renders once when it arrives.
  const loading = useRef<Promise<Validate> | null>(null);
  useEffect(() => {
    let current = true;
    const element = loadWhen === 'used' ? document.getElementById(id) : null;
    const load = () => {
      element?.removeEventListener('focusin', load);
      element?.removeEventListener('pointerdown', load);
      loading.current ??= Promise.all([loadSchema(), import('@conform-to/zod/v4')]).then(
        ([schema, { parseWithZod }]) =>
          // As the action does (lib/form.server.ts parseForm): the raw strings, no coercion.
          (formData: FormData) =>
            parseWithZod(onlySchemaFields ? schemaFields(formData, schema) : formData, {
              schema,
              disableAutoCoercion: true,
            }) as Submission<Fields, string[], z.output<S>>,
      );
      loading.current.then(
        (check) => {
          if (current) setValidate(() => check);
        },
        // Not downloaded (offline, a new deploy): the action still checks every submission.
        () => {
          if (current) setValidate('failed');
        },
      );
    };
    if (loadWhen === 'hydrated' || loading.current || !element || element.contains(document.activeElement))
      load();
    else {
      element.addEventListener('focusin', load);
      element.addEventListener('pointerdown', load);
    }
    return () => {
      current = false;
      element?.removeEventListener('focusin', load);
      element?.removeEventListener('pointerdown', load);
    };
  }, [id, loadSchema, onlySchemaFields, loadWhen]);
  const [form, fields] = useForm<Fields, z.output<S>>({
    id,
    lastResult,
    defaultValue,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    ...(onSubmit ? { onSubmit } : {}),
    ...(typeof validate === 'function' ? { onValidate: ({ formData }) => validate(formData) } : {}),
  });
  const schema: 'loading' | 'ready' | 'failed' =
    validate === null ? 'loading' : validate === 'failed' ? 'failed' : 'ready';
  return [form, fields, schema] as const;
}
