import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';

/**
 * A Conform form validated in the browser with the contract schema the action parses with (the same
 * `parseWithZod`), showing the action's reply (`lastResult`) with or without JavaScript. Validates on
 * submit, then again as the visitor corrects a field. `defaultValue` fills a new form (e.g. the booking's
 * passengers by type, the account's email).
 */
export function useContractForm<
  S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>,
  // The fields as the form names them, when the schema's input type does not say (e.g. a preprocessed part).
  Fields extends Record<string, unknown> = z.input<S>,
>(
  id: string,
  schema: S,
  lastResult: SubmissionResult | null | undefined,
  defaultValue?: DefaultValue<Fields>,
) {
  return useForm<Fields, z.output<S>>({
    id,
    lastResult,
    defaultValue,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    // As the action does (lib/form.server.ts parseForm): the raw strings, no coercion.
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
}
