/**
 * Names as they must appear on an air ticket: upper-case Latin letters, spaces and hyphens, transliterated the
 * way travel documents are (ICAO Doc 9303 Part 3, section 6 "Transliteration"). Travellers type names as they
 * know them ("Азиз Каримов", "Ғайрат", "Oʻgʻiloy", "Şükrü Çağlayan"); the booking form shows this form as they
 * type and fills it with one tap. The traveller can still correct it to match the passport exactly, which is
 * why this only suggests and never rejects. Sources and choices: docs/decisions/0007-document-latin-names.md.
 */

/** Cyrillic → Latin of ICAO Doc 9303 Part 3, table of Cyrillic characters (Russian, Ukrainian, Belarusian, …). */
// prettier-ignore
const ICAO_CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'i', к: 'k', л: 'l',
  м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh',
  щ: 'shch', ъ: 'ie', ы: 'y', ь: '', э: 'e', ю: 'iu', я: 'ia',
  // Ukrainian, Belarusian, Serbian and Macedonian letters of the same ICAO table.
  є: 'ie', і: 'i', ї: 'i', ґ: 'g', ў: 'u', ђ: 'd', ѓ: 'g', ѕ: 'dz', ј: 'j', љ: 'lj', њ: 'nj', ћ: 'c', ќ: 'k',
  џ: 'dz',
  // Kazakh and Kyrgyz letters are not in the ICAO table: their plain Latin base letters (a documented guess).
  ә: 'a', ң: 'n', ө: 'o', ұ: 'u', ү: 'u', һ: 'h',
} as const;

/**
 * Uzbek Cyrillic → the Uzbek Latin alphabet, in which Uzbekistan issues its passports (ICAO leaves national
 * Latin spellings to the issuing state); the apostrophe letters (Oʻ, Gʻ, the tutuq belgisi ʼ) then lose
 * their apostrophe like any ICAO name. Е is "ye" at the start of a word and after a vowel (see below).
 */
// prettier-ignore
const UZBEK_CYRILLIC: Readonly<Record<string, string>> = {
  ...ICAO_CYRILLIC,
  ё: 'yo', ж: 'j', й: 'y', х: 'x', ъ: '', ю: 'yu', я: 'ya', ў: 'o', қ: 'q', ғ: 'g', ҳ: 'h',
};

/** Letters that only Uzbek Cyrillic has: their presence decides the Uzbek reading of the whole name. */
const UZBEK_ONLY_LETTERS = /[ЎўҚқҒғҲҳ]/;
const UZBEK_VOWELS_AND_SIGNS = new Set([...'аеёиоуэюяўъь']);

/** Latin letters with a diacritic whose ICAO form is not simply the base letter (ICAO Doc 9303 Part 3, table A). */
// prettier-ignore
const ICAO_LATIN: Readonly<Record<string, string>> = {
  ä: 'ae', æ: 'ae', å: 'aa', ö: 'oe', ø: 'oe', ü: 'ue', ß: 'ss', þ: 'th', ĳ: 'ij', œ: 'oe', ð: 'd', đ: 'd',
  ħ: 'h', ı: 'i', ł: 'l', ŀ: 'l', ŋ: 'n',
};

/**
 * Turkish documents write Ö and Ü as plain O and U (as Turkish airlines ask travellers to), not ICAO's
 * German-style OE and UE; the other Turkish letters (Ç Ğ I İ Ş) reduce to their base letter either way.
 */
const TURKISH_LATIN: Readonly<Record<string, string>> = { ...ICAO_LATIN, ö: 'o', ü: 'u' };
const TURKISH_ONLY_LETTERS = /[ĞğıİŞş]/;

/** Apostrophe-like marks in names (Oʻgʻiloy, Maʼruf, O’Brien): ICAO omits them. */
const APOSTROPHES = /['’‘ʻʼ`´]/g;
const COMBINING_MARKS = /\p{M}/gu;

export interface DocumentNameHints {
  /** The traveller's citizenship (ISO 3166 alpha-2): the issuing state decides national spellings. */
  citizenship?: string | undefined;
}

function cyrillicTable(name: string, hints: DocumentNameHints): Readonly<Record<string, string>> {
  return UZBEK_ONLY_LETTERS.test(name) || hints.citizenship === 'UZ' ? UZBEK_CYRILLIC : ICAO_CYRILLIC;
}

function latinTable(name: string, hints: DocumentNameHints): Readonly<Record<string, string>> {
  return TURKISH_ONLY_LETTERS.test(name) || hints.citizenship === 'TR' ? TURKISH_LATIN : ICAO_LATIN;
}

function transliterateLetter(
  letter: string,
  previous: string,
  cyrillic: Readonly<Record<string, string>>,
  latin: Readonly<Record<string, string>>,
): string {
  const lower = letter.toLowerCase();
  if (
    lower === 'е' &&
    cyrillic === UZBEK_CYRILLIC &&
    (previous === '' || UZBEK_VOWELS_AND_SIGNS.has(previous))
  )
    return 'ye';
  const mapped = cyrillic[lower] ?? latin[lower];
  if (mapped !== undefined) return mapped;
  // Any other Latin letter with diacritics (é, ñ, ç, ğ, ş, â…) becomes its base letter.
  return lower.normalize('NFD').replace(COMBINING_MARKS, '');
}

/**
 * The name as it goes on the ticket: "Азиз Каримов" → "AZIZ KARIMOV", "Şükrü Çağlayan" → "SUKRU CAGLAYAN",
 * "Oʻgʻiloy" → "OGILOY". Only A–Z, single spaces and single hyphens remain; anything else is dropped.
 */
export function documentLatinName(name: string, hints: DocumentNameHints = {}): string {
  const source = name.normalize('NFC').replace(APOSTROPHES, '');
  const cyrillic = cyrillicTable(source, hints);
  const latin = latinTable(source, hints);
  let result = '';
  let previous = '';
  for (const character of source) {
    if (/\s/.test(character)) {
      result += ' ';
      previous = '';
    } else if (character === '-' || character === '‐' || character === '–') {
      result += '-';
      previous = '';
    } else {
      result += transliterateLetter(character, previous, cyrillic, latin);
      previous = character.toLowerCase();
    }
  }
  return result
    .toUpperCase()
    .replace(/[^A-Z -]/g, '')
    .replace(/\s*-[\s-]*/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s-]+|[\s-]+$/g, '');
}

/** Whether the typed name differs from its ticket form in more than letter case and spacing. */
export function needsDocumentLatin(name: string, hints: DocumentNameHints = {}): boolean {
  const typed = name.trim().replace(/\s+/g, ' ').toUpperCase();
  return typed !== '' && documentLatinName(name, hints) !== typed;
}
