import type { z } from 'zod';

/** The top-level field names of an object schema (refined and strict ones too); null for any other schema. */
export function schemaFieldNames(schema: z.ZodType): ReadonlySet<string> | null {
  const shape = (schema as { shape?: unknown }).shape;
  return shape && typeof shape === 'object' ? new Set(Object.keys(shape)) : null;
}

/**
 * Only the entries of a form that belong to the schema's fields (`title.en` belongs to `title`): a form also
 * carries its `intent` and an action's key, which an API request schema that refuses unknown keys (`.strict()`)
 * would otherwise count against the form as a whole. Used the same way in the browser and in the action.
 */
export function schemaFields(formData: FormData | URLSearchParams, schema: z.ZodType): FormData {
  const names = schemaFieldNames(schema);
  const kept = new FormData();
  for (const [name, value] of formData.entries()) {
    if (!names || CONFORM_ENTRIES.has(name) || names.has(name.split(/[.[]/, 1)[0]!)) kept.append(name, value);
  }
  return kept;
}

/**
 * Conform's own entries (its INTENT and STATE names, @conform-to/dom submission.ts), which no schema lists:
 * without its intent, a field's check as the visitor corrects it (a `validate` intent) reads as a submission
 * to act on.
 */
const CONFORM_ENTRIES: ReadonlySet<string> = new Set(['__intent__', '__state__']);
