import type { ComponentProps, InputHTMLAttributes } from 'react';
import { Field } from './Field.tsx';
import { FormField, inputClasses } from './FormField.tsx';

type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  /** Replaces the full width (`w-40`). */
  width?: string;
};

/**
 * A form field's input in the form's style (red border while `aria-invalid`): spread the field's control
 * props into it. `className` adds classes after the style's.
 */
export function TextInput({ width, className, ...input }: InputProps) {
  const classes = inputClasses(Boolean(input['aria-invalid']), width);
  return <input {...input} className={className ? `${classes} ${className}` : classes} />;
}

/** A Conform field (components/Field.tsx) whose control is one input; `input` are the input's attributes. */
export function TextField({
  input,
  ...field
}: Omit<ComponentProps<typeof Field>, 'children'> & { input?: Omit<InputProps, 'name' | 'defaultValue'> }) {
  return <Field {...field}>{(control) => <TextInput {...control} {...input} />}</Field>;
}

/** A plain form's field (components/FormField.tsx) whose control is one input. */
export function TextFormField({
  input,
  ...field
}: Omit<ComponentProps<typeof FormField>, 'children'> & { input?: InputProps }) {
  return <FormField {...field}>{(control) => <TextInput {...control} {...input} />}</FormField>;
}
