import type { ReactNode } from 'react';
import type { FieldMetadata } from '@conform-to/react';
import type { FieldControlProps } from './FormField.tsx';

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
  const describedBy = [hint ? meta.descriptionId : null, text ? meta.errorId : null]
    .filter(Boolean)
    .join(' ');
  const initial = meta.initialValue;
  return (
    <div className={`grid content-start gap-1${className ? ` ${className}` : ''}`}>
      <label htmlFor={meta.id} className="font-medium">
        {label}
      </label>
      {children({
        id: meta.id,
        name: meta.name,
        defaultValue: typeof initial === 'string' ? initial : undefined,
        'aria-invalid': text ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={meta.descriptionId} className="text-sm text-neutral-600 wrap-anywhere">
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={text ? [text] : null} />
    </div>
  );
}
