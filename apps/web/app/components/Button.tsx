import type { ButtonHTMLAttributes } from 'react';

export const BUTTON_SIZES = ['2xs', 'xs', 'sm', 'md', 'lg', 'xl'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];
export type ButtonVariant = 'solid' | 'outline' | 'soft' | 'ghost';
export type ButtonColor = 'primary' | 'neutral';

const sizeClasses: Record<ButtonSize, string> = {
  '2xs': 'px-2 py-1 text-xs gap-1',
  xs: 'px-2.5 py-1.5 text-xs gap-1.5',
  sm: 'px-3 py-2 text-sm gap-1.5',
  md: 'px-3.5 py-2.5 text-sm gap-2',
  lg: 'px-4 py-3 text-base gap-2',
  xl: 'px-5 py-3.5 text-base gap-2.5',
};

const variantClasses: Record<ButtonVariant, Record<ButtonColor, string>> = {
  solid: {
    primary: 'bg-primary-700 text-white hover:bg-primary-800',
    neutral: 'bg-neutral-900 text-white hover:bg-neutral-700',
  },
  outline: {
    primary: 'border border-primary-700 text-primary-700 hover:bg-primary-50',
    neutral: 'border border-neutral-300 text-neutral-900 hover:bg-neutral-100',
  },
  soft: {
    primary: 'bg-primary-50 text-primary-800 hover:bg-primary-100',
    neutral: 'bg-neutral-100 text-neutral-900 hover:bg-neutral-200',
  },
  ghost: {
    primary: 'text-primary-700 hover:bg-primary-50',
    neutral: 'text-neutral-700 hover:bg-neutral-100',
  },
};

/** Classes for a button-looking element; defaults follow spec §9 (size sm, solid, primary). */
export function buttonClasses({
  size = 'sm',
  variant = 'solid',
  color = 'primary',
}: { size?: ButtonSize; variant?: ButtonVariant; color?: ButtonColor } = {}): string {
  return [
    'inline-flex items-center justify-center rounded-md font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
    'disabled:cursor-not-allowed disabled:opacity-60',
    sizeClasses[size],
    variantClasses[variant][color],
  ].join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  size?: ButtonSize;
  variant?: ButtonVariant;
  color?: ButtonColor;
};

export function Button({ size, variant, color, className, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonClasses({ size, variant, color })}${className ? ` ${className}` : ''}`}
      {...rest}
    />
  );
}
