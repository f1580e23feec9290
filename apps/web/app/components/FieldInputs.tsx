import {
  memo,
  type ComponentProps,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from 'react';
import type { FieldMetadata } from '@conform-to/react';
import { ErrorList, Field } from './Field.tsx';
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

/** A TextField's input for an email address: the phone's email keyboard, autofill, the longest address (RFC 5321). */
export const EMAIL_INPUT = {
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
  maxLength: 254,
} as const;

/**
 * A TextField's input for a code copied from a document or a ticket (a booking reference, a passport's
 * number): capitals on a phone's keyboard, no autofill and no spell check; `className` shows it in capitals.
 */
export const codeInput = (maxLength: number, className = 'uppercase') =>
  ({ autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, maxLength, className }) as const;

/** A Conform field (components/Field.tsx) whose control is one input; `input` are the input's attributes. */
export function TextField({
  input,
  ...field
}: Omit<ComponentProps<typeof Field>, 'children'> & { input?: Omit<InputProps, 'name' | 'defaultValue'> }) {
  return <Field {...field}>{(control) => <TextInput {...control} {...input} />}</Field>;
}

/** What a listed text field asks of its control; `rows` makes it a text area (a comment, a message). */
export type TextControl = {
  type?: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  maxLength: number;
  required?: boolean;
  rows?: number;
};

/**
 * A Conform text field from one flat spec (its words and its control's limits), for forms that list their
 * fields as data: an input, or a text area when `rows` is given.
 */
export function SpecField({ rows, ...spec }: Omit<ComponentProps<typeof Field>, 'children'> & TextControl) {
  const { type, autoComplete, maxLength, required, ...field } = spec;
  if (!rows) return <TextField {...field} input={{ type, autoComplete, maxLength, required }} />;
  return (
    <Field {...field}>
      {(control) => (
        <textarea
          {...control}
          className={inputClasses(Boolean(control['aria-invalid']))}
          rows={rows}
          maxLength={maxLength}
          required={required}
        />
      )}
    </Field>
  );
}

/** A plain form's field (components/FormField.tsx) whose control is one input. */
export function TextFormField({
  input,
  ...field
}: Omit<ComponentProps<typeof FormField>, 'children'> & { input?: InputProps }) {
  return <FormField {...field}>{(control) => <TextInput {...control} {...input} />}</FormField>;
}

/** A Conform field whose control is a select of the options given as children (`select`: its attributes). */
export function SelectField({
  select,
  children,
  ...field
}: Omit<ComponentProps<typeof Field>, 'children'> & {
  select?: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>;
  children: ReactNode;
}) {
  return (
    <Field {...field}>
      {(control) => (
        <select {...control} {...select} className={inputClasses(Boolean(control['aria-invalid']))}>
          {children}
        </select>
      )}
    </Field>
  );
}

/**
 * A country picker's options, valued by ISO code and worded by `label` (the country's name unless given; a
 * module-level function, so that the list is not rendered again). Rendered again only when its props change:
 * ~250 options per picker were most of a booking form's render on every keystroke's update (bench/RESULTS.md).
 */
export const CountryOptions = memo(function CountryOptions<Country extends { code: string; name: string }>({
  countries,
  label = (country) => country.name,
}: {
  countries: readonly Country[];
  label?: (country: Country) => string;
}) {
  return countries.map((country) => (
    <option key={country.code} value={country.code}>
      {label(country)}
    </option>
  ));
}) as <Country extends { code: string; name: string }>(props: {
  countries: readonly Country[];
  label?: (country: Country) => string;
}) => ReactNode;

/** A select's options from [value, words] pairs. */
export function PairOptions({ options }: { options: ReadonlyArray<readonly [string, string]> }) {
  return options.map(([value, text]) => (
    <option key={value} value={value}>
      {text}
    </option>
  ));
}

/**
 * A Conform field of many values as a group of checkboxes (`options`: [value, words] pairs), the boxes sent
 * before ticked again (one sent box comes back as a lone value). An unknown value is an error of its item
 * (`name[0]`): `invalid` is shown once, under the boxes. `className` and `legendClassName` place the group in
 * its form (a section of its own, or one field among others).
 */
export function CheckboxGroup({
  meta,
  legend,
  options,
  invalid,
  className = 'grid gap-1',
  legendClassName = 'mb-1 font-medium',
}: {
  meta: Pick<FieldMetadata<unknown>, 'name' | 'errorId' | 'initialValue' | 'allErrors'>;
  legend: string;
  options: ReadonlyArray<readonly [string, string]>;
  invalid: string;
  className?: string;
  legendClassName?: string;
}) {
  const initial: unknown = meta.initialValue;
  const ticked = new Set(Array.isArray(initial) ? initial : [initial]);
  const failed = Object.keys(meta.allErrors).length > 0;
  return (
    <fieldset className={className} aria-describedby={failed ? meta.errorId : undefined}>
      <legend className={legendClassName}>{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map(([value, text]) => (
          <label key={value} className="flex min-h-6 items-center gap-2">
            <input type="checkbox" name={meta.name} value={value} defaultChecked={ticked.has(value)} />
            {text}
          </label>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={failed ? [invalid] : null} />
    </fieldset>
  );
}
