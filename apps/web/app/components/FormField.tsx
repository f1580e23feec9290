import type { ReactNode } from 'react';

/** What a field's control needs to be labelled and to announce its hint and error (WCAG 3.3.1, 1.3.1). */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * A label, the control (rendered by `children` with the ids it needs), an optional hint, and the field's
 * error right below it, tied to the control by aria-describedby and aria-invalid.
 */
export function FormField({
  id,
  hintId = `${id}-hint`,
  errorId = `${id}-error`,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  /** The hint's and the error's ids (`{id}-hint`, `{id}-error` unless the form names them, as Conform does). */
  hintId?: string;
  errorId?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`grid content-start gap-1${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-neutral-600 wrap-anywhere">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Classes of a text input or select (full width unless `width` is given); red border when invalid. */
export function inputClasses(invalid: boolean | undefined, width = 'w-full'): string {
  return `${width} min-w-0 rounded border bg-white px-3 py-2 ${invalid ? 'border-red-600' : 'border-neutral-400'}`;
}
