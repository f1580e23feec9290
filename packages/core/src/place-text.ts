/**
 * Text matching of the places search: folding (case, diacritics, punctuation), Cyrillic to Latin
 * transliteration, sorted-key lookup and a one-edit typo test.
 */

// prettier-ignore
const CYR_TO_LAT: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l',
  м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh',
  щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  // Kazakh, Uzbek Cyrillic, Ukrainian, Belarusian letters.
  ә: 'a', ғ: 'g', қ: 'k', ң: 'n', ө: 'o', ұ: 'u', ү: 'u', һ: 'h', і: 'i', ї: 'yi', є: 'ye', ў: 'o', ґ: 'g',
};

const SPECIAL_LATIN: Record<string, string> = {
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ħ: 'h',
};

/** Cyrillic letters: such a name or query is also matched through its transliteration. */
export const CYRILLIC = /[\u0400-\u04FF]/;
const APOSTROPHES = /['’‘`´ʻʼʹ]/g;
const SPECIAL_RE = /[ıßæœøłđðþħ]/g;
const NON_ALNUM = /[^\p{L}\p{N}]+/gu;
const MARKS = /\p{M}/gu;

/** Case-, diacritics- and punctuation-insensitive form: "Oʻzbekiston" → "ozbekiston", "Nyu-York" → "nyu york". */
export function foldText(s: string): string {
  return s
    .toLowerCase()
    .replace(SPECIAL_RE, (c) => SPECIAL_LATIN[c] ?? c)
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(APOSTROPHES, '')
    .replace(NON_ALNUM, ' ')
    .trim();
}

/** Russian (and other Cyrillic) → Latin, then folded: "Ташкент" → "tashkent", "Хабаровск" → "khabarovsk". */
export function transliterate(s: string): string {
  let out = '';
  for (const ch of s.toLowerCase().normalize('NFC')) out += CYR_TO_LAT[ch] ?? ch;
  return foldText(out);
}

/** First index of a sorted list whose key is not below `q`. */
export function lowerBound(arr: readonly string[], q: string): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid]! < q) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** a[ai..) equals b[bi..bl) (same remaining length assumed checked by the caller). */
function sameTail(a: string, ai: number, b: string, bi: number, bl: number): boolean {
  if (a.length - ai !== bl - bi) return false;
  while (bi < bl) if (a.charCodeAt(ai++) !== b.charCodeAt(bi++)) return false;
  return true;
}

/**
 * True if a and b[0..bl) are within Damerau–Levenshtein (optimal string alignment) distance 1.
 * Linear time, no allocation.
 */
export function withinOneEdit(a: string, b: string, bl: number = b.length): boolean {
  const al = a.length;
  if (bl > b.length || al - bl > 1 || bl - al > 1) return false;
  const m = al < bl ? al : bl;
  let i = 0;
  while (i < m && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === m) return true; // equal, or one extra character at the end
  if (al === bl) {
    if (sameTail(a, i + 1, b, i + 1, bl)) return true; // substitution
    return (
      i + 1 < al &&
      a.charCodeAt(i) === b.charCodeAt(i + 1) &&
      a.charCodeAt(i + 1) === b.charCodeAt(i) &&
      sameTail(a, i + 2, b, i + 2, bl)
    ); // transposition
  }
  return al > bl ? sameTail(a, i + 1, b, i, bl) : sameTail(a, i, b, i + 1, bl);
}
