import type { ComponentProps } from 'react';
import { Field } from './Field.tsx';
import { inputClasses } from './FormField.tsx';

/** What a text field asks of its control; `rows` makes it a text area (a comment, a message). */
export type TextControl = {
  type?: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  maxLength: number;
  required?: boolean;
  rows?: number;
};

/**
 * The plain case of `Field`: a label, a text input (or a text area) styled like every form's inputs, an
 * optional hint and the error, so a form lists its fields instead of repeating the markup.
 */
export function TextField({
  meta,
  label,
  hint,
  error,
  className,
  rows,
  ...input
}: Omit<ComponentProps<typeof Field>, 'children'> & TextControl) {
  return (
    <Field meta={meta} label={label} hint={hint} error={error} className={className}>
      {(control) => {
        const props = { ...control, className: inputClasses(control['aria-invalid']) };
        return rows ? (
          <textarea {...props} rows={rows} maxLength={input.maxLength} required={input.required} />
        ) : (
          <input {...props} {...input} />
        );
      }}
    </Field>
  );
}
