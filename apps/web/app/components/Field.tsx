import type { ReactNode } from 'react';
import type { FieldMetadata } from '@conform-to/react';
import { FormField, type FieldControlProps } from './FormField.tsx';

/** What a field's control gets: its ids and aria attributes, its nested name and the value to show. */
export type FieldControl = FieldControlProps & {
  name: string;
  /** What was typed before (after a refused submission, also without JavaScript). */
  defaultValue: string | undefined;
};

/** The field's translated message for its error codes (one text for any error, or chosen by code). */
export type FieldErrorText = string | ((codes: readonly string[]) => string);

/**
 * The form's errors under a field or a form, as a list tied to the control by `id` (aria-describedby).
 * `errors` are the texts to show, already translated.
 */
export function ErrorList({
  id,
  errors,
  alert = false,
}: {
  id: string;
  errors: readonly string[] | null | undefined;
  /** Announce it at once (role="alert"), for an error shown away from its field. */
  alert?: boolean;
}) {
  const shown = (errors ?? []).filter(Boolean);
  if (shown.length === 0) return null;
  const role = alert ? 'alert' : undefined;
  if (shown.length === 1)
    return (
      <p id={id} role={role} className="text-sm font-medium text-red-700">
        {shown[0]}
      </p>
    );
  return (
    <ul id={id} role={role} className="list-disc ps-5 text-sm font-medium text-red-700">
      {shown.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}

/** The translated text of a field's errors, or nothing when it has none. */
export function fieldErrorText(
  errors: readonly string[] | null | undefined,
  text: FieldErrorText | undefined,
): string | undefined {
  if (!errors || errors.length === 0) return undefined;
  if (text === undefined) return errors[0];
  return typeof text === 'string' ? text : text(errors);
}

/**
 * One field of a Conform form (the one pattern of every form): the label, the control (rendered by
 * `children` with the name, ids and value it needs), an optional hint, and the error right below it, tied
 * to the control by aria-describedby and aria-invalid (WCAG 3.3.1, 1.3.1). Errors are codes (the contract
 * schema's issue messages, or the API's details mapped by path); `error` turns them into the field's words
 * from the message files.
 */
export function Field({
  meta,
  label,
  hint,
  error,
  className,
  children,
}: {
  meta: Pick<FieldMetadata<unknown>, 'id' | 'name' | 'errorId' | 'descriptionId' | 'errors' | 'initialValue'>;
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldErrorText;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const text = fieldErrorText(meta.errors, error);
  const initial = meta.initialValue;
  return (
    <FormField
      id={meta.id}
      hintId={meta.descriptionId}
      errorId={meta.errorId}
      label={label}
      hint={hint}
      error={text}
      className={className}
    >
      {(control) =>
        children({
          id: control.id,
          name: meta.name,
          defaultValue: typeof initial === 'string' ? initial : undefined,
          'aria-invalid': control['aria-invalid'],
          'aria-describedby': control['aria-describedby'],
        })
      }
    </FormField>
  );
}
