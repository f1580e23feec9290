import { parseWithZod } from '@conform-to/zod/v4';
import type { SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@parvoz/contracts/errors';
import { fieldIssueSchema } from '@parvoz/contracts/refusals';
import { ApiError } from './api.server.ts';
import { schemaFields } from './form-fields.ts';

/**
 * The one way a form action reads its form: Conform's `parseWithZod` with the contract schema the browser
 * validates with too (nested names such as `passengers[0].given_name` become nested values). Its `reply()`
 * is the action's answer on refusal: the typed values and the errors by field name, which `useForm`
 * shows with or without JavaScript. Values stay the strings the form sent (`disableAutoCoercion`), as the
 * schemas expect; the browser (`useContractForm`) parses the same way.
 */
export function parseForm<S extends z.ZodType>(
  formData: FormData | URLSearchParams,
  schema: S,
  options: {
    /** Read only the schema's own fields (an API request schema that refuses unknown keys), as the browser does. */
    onlySchemaFields?: boolean;
  } = {},
) {
  formData = boundedForm(formData);
  if (options.onlySchemaFields) formData = schemaFields(formData, schema);
  // The contract schemas read a form's raw strings (an empty field is '', as the API's form bodies send it):
  // Conform's own coercion would turn '' into undefined and numbers into numbers behind their back.
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

/** No form of the site has lists longer than this (a booking holds at most 9 passengers). */
export const MAX_LIST_INDEX = 99;
const MAX_ENTRIES = 500;
const MAX_NAME_LENGTH = 200;
const UNSAFE_SEGMENT = /(^|[.[])(__proto__|constructor|prototype)([.\]]|$)/;

/**
 * The entries Conform may read: a posted name such as `a[100000000]` would make it walk a list that long
 * (a request that ties up the server), and prototype names are no field of ours; both are dropped, as are
 * entries past a few hundred.
 */
export function boundedForm(formData: FormData | URLSearchParams): FormData {
  const kept = new FormData();
  let count = 0;
  for (const [name, value] of formData.entries()) {
    if (count >= MAX_ENTRIES) break;
    if (name.length > MAX_NAME_LENGTH || UNSAFE_SEGMENT.test(name)) continue;
    const indexes = name.match(/\[(\d+)\]/g) ?? [];
    if (indexes.some((index) => Number(index.slice(1, -1)) > MAX_LIST_INDEX)) continue;
    kept.append(name, value);
    count += 1;
  }
  return kept;
}

/** A JSON pointer into a request body ("/passengers/0/given_name") as a form field name ("passengers[0].given_name"). */
export function pointerToFieldName(pointer: string): string {
  const segments = pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  let name = '';
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) name += `[${segment}]`;
    else name += name ? `.${segment}` : segment;
  }
  return name;
}

/**
 * A refusal's per-field details (packages/contracts/src/refusals.ts); values that are not ICU values are left
 * out (detailValues) rather than losing the field's error.
 */
const fieldIssuesSchema = z.array(fieldIssueSchema.extend({ values: z.unknown().optional() }));

/**
 * The API's field errors of a refused body (400 `validation_failed` or a 422 with per-field details, DESIGN
 * §7: `details` is a list of `{ path, message }` with `path` a JSON pointer into the body), by form field
 * name; the body as a whole ("" path) under "". `rename` maps an API field name to the form's (e.g. the
 * API's `phone` is the form's `phone` typed locally: same name, nothing to do). Null when the error carries
 * no field details. `code` writes a detail as the form's error code (default: its message; a form whose
 * messages take the detail's ICU `values` keeps them in the code too).
 */
export function apiFieldErrors(
  error: unknown,
  rename: (name: string) => string = (name) => name,
  code: (message: string, values: Record<string, string | number> | undefined) => string = (message) =>
    message,
): Record<string, string[]> | null {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 422)) return null;
  const envelope = errorEnvelopeSchema.safeParse(error.body);
  const details = fieldIssuesSchema.safeParse(envelope.data?.error.details);
  if (!details.success) return null;
  const errors: Record<string, string[]> = {};
  for (const item of details.data) {
    const name = rename(pointerToFieldName(item.path));
    const message = item.message || 'invalid';
    (errors[name] ??= []).push(code(message, detailValues(item.values)));
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** A detail's ICU values, the strings and numbers of it (a rule's date, a count). */
function detailValues(values: unknown): Record<string, string | number> | undefined {
  if (!values || typeof values !== 'object' || Array.isArray(values)) return undefined;
  const kept = Object.entries(values).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/** A submission's reply with the API's field errors added, for the form to show next to its fields. */
export function replyWithFieldErrors(
  submission: {
    reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult;
  },
  fieldErrors: Record<string, string[]>,
): SubmissionResult {
  const { '': whole, ...fields } = fieldErrors;
  return submission.reply({ fieldErrors: fields, ...(whole ? { formErrors: whole } : {}) });
}
