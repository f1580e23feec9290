import { useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import { schemaFields } from './form-fields.ts';

/**
 * A Conform form validated in the browser with the contract schema the action parses with (the same
 * `parseWithZod`), showing the action's reply (`lastResult`) with or without JavaScript. Validates on
 * submit, then again as the visitor corrects a field.
 */
export function useContractForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: S,
  lastResult: SubmissionResult | null | undefined,
  options: {
    /** Check only the schema's own fields (an API request schema that refuses unknown keys). */
    onlySchemaFields?: boolean;
  } = {},
) {
  return useForm<z.input<S>, z.output<S>>({
    id,
    lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    // As the action does (lib/form.server.ts parseForm): the raw strings, no coercion.
    onValidate: ({ formData }) =>
      parseWithZod(options.onlySchemaFields ? schemaFields(formData, schema) : formData, {
        schema,
        disableAutoCoercion: true,
      }),
  });
}
