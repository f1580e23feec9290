import type { InputHTMLAttributes } from 'react';

/** A console form's input under its label's words (the orders' filter, the export's period). */
export function LabelledInput({
  label,
  labelClassName,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; labelClassName?: string }) {
  return (
    <label className={labelClassName ? `grid gap-1 ${labelClassName}` : 'grid gap-1'}>
      <span className="font-medium">{label}</span>
      <input
        {...input}
        className={`rounded border border-neutral-400 px-3 py-2${className ? ` ${className}` : ''}`}
      />
    </label>
  );
}
