import { useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';

/**
 * A Conform form validated in the browser with the contract schema the action parses with (the same
 * `parseWithZod`), showing the action's reply (`lastResult`) with or without JavaScript. Validates on
 * submit, then again as the visitor corrects a field.
 */
export function useContractForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: S,
  lastResult: SubmissionResult | null | undefined,
) {
  return useForm<z.input<S>, z.output<S>>({
    id,
    lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    // As the action does (lib/form.server.ts parseForm): the raw strings, no coercion.
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
}
