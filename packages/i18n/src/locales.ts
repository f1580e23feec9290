export const LOCALES = ['en', 'ru', 'uz', 'tr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The spec's locale tags (§9), used for Open Graph and hreflang-like metadata. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-US', ru: 'ru-RU', uz: 'uz-UZ', tr: 'tr-TR' };

/** The language cookie lives 365 days (spec §2, §9). */
export const LANG_COOKIE = 'lang';
export const LANG_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the language for "/": the lang cookie, then Accept-Language (by q-value, primary subtag), then en.
 */
export function negotiateLocale(
  cookieLang: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Locale {
  if (isLocale(cookieLang)) return cookieLang;
  for (const tag of parseAcceptLanguage(acceptLanguage ?? '')) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** Replaces the locale prefix of a path, keeping the rest (used by the language switcher). */
export function switchLocaleInPath(pathname: string, target: Locale): string {
  const parts = pathname.split('/');
  if (isLocale(parts[1])) {
    parts[1] = target;
    return parts.join('/');
  }
  return `/${target}${pathname === '/' ? '' : pathname}`;
}
