export const AVATAR_SIZES = ['3xs', '2xs', 'xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'] as const;
export type AvatarSize = (typeof AVATAR_SIZES)[number];

const sizeClasses: Record<AvatarSize, string> = {
  '3xs': 'size-4 text-[8px]',
  '2xs': 'size-5 text-[10px]',
  xs: 'size-6 text-xs',
  sm: 'size-8 text-sm',
  md: 'size-10 text-base',
  lg: 'size-12 text-lg',
  xl: 'size-14 text-xl',
  '2xl': 'size-16 text-2xl',
  '3xl': 'size-20 text-3xl',
};

/** The first letters of up to two words of the alternative text (spec §9). */
export function initialsOf(alt: string): string {
  return alt
    .trim()
    .split(/\s+/u)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toLocaleUpperCase())
    .join('');
}

export function Avatar({ alt, src, size = 'sm' }: { alt: string; src?: string; size?: AvatarSize }) {
  const classes = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-100 font-medium text-primary-800 ${sizeClasses[size]}`;
  if (src) return <img src={src} alt={alt} className={classes} />;
  return (
    <span role="img" aria-label={alt} className={classes}>
      <span aria-hidden="true">{initialsOf(alt)}</span>
    </span>
  );
}
