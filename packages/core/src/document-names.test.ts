import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { documentLatinName, needsDocumentLatin } from './document-names.ts';

const TICKET_NAME = /^(?:[A-Z]+(?:[ -][A-Z]+)*)?$/;

describe('documentLatinName', () => {
  // Expected forms from ICAO Doc 9303 Part 3 §6 (Cyrillic and Latin tables) and, for Uzbek and Turkish
  // citizens, the spellings their passports use (docs/decisions/0007-document-latin-names.md).
  test.each([
    // Russian Cyrillic, ICAO table
    ['Азиз Каримов', {}, 'AZIZ KARIMOV'],
    ['Юлия Щеглова', {}, 'IULIIA SHCHEGLOVA'],
    ['Сергей Воробьёв', {}, 'SERGEI VOROBEV'],
    ['Подъячев', {}, 'PODIEIACHEV'],
    ['Евгений Хабибуллин', {}, 'EVGENII KHABIBULLIN'],
    ['Эдуард Цой', {}, 'EDUARD TSOI'],
    ['Жанна Чернышёва', {}, 'ZHANNA CHERNYSHEVA'],
    ['Юлия', { citizenship: 'RU' }, 'IULIIA'],
    // Ukrainian letters of the same table
    ['Олексій Ґудзь', {}, 'OLEKSII GUDZ'],
    ['Євгенія Їжакевич', {}, 'IEVGENIIA IZHAKEVICH'],
    // Uzbek Cyrillic: Uzbek letters or an Uzbek citizenship choose the Uzbek Latin alphabet
    ['Ғайрат', {}, 'GAYRAT'],
    ['Ўткир Ҳошимов', {}, 'OTKIR HOSHIMOV'],
    ['Қодиров Шуҳрат', {}, 'QODIROV SHUHRAT'],
    ['Юлдуз Усмонова', { citizenship: 'UZ' }, 'YULDUZ USMONOVA'],
    ['Хуршид', { citizenship: 'UZ' }, 'XURSHID'],
    ['Хуршид', { citizenship: 'RU' }, 'KHURSHID'],
    ['Ерлан Эргашев', { citizenship: 'UZ' }, 'YERLAN ERGASHEV'],
    ['Ғиёсиддин', {}, 'GIYOSIDDIN'],
    ['Жаҳонгир', {}, 'JAHONGIR'],
    ['Саъдулла', { citizenship: 'UZ' }, 'SADULLA'],
    ['Маъруфжон', { citizenship: 'UZ' }, 'MARUFJON'],
    // Uzbek Latin apostrophe letters and the tutuq belgisi, whichever apostrophe was typed
    ['Oʻgʻiloy', {}, 'OGILOY'],
    ["O'g'iloy", {}, 'OGILOY'],
    ['O‘g‘iloy', {}, 'OGILOY'],
    ['Maʼruf', {}, 'MARUF'],
    ['Gʻayrat Toʻrayev', {}, 'GAYRAT TORAYEV'],
    // Turkish letters
    ['Şükrü Çağlayan', {}, 'SUKRU CAGLAYAN'],
    ['İsmail Işık', {}, 'ISMAIL ISIK'],
    ['Gül Öztürk', { citizenship: 'TR' }, 'GUL OZTURK'],
    ['Ayşe Gül', {}, 'AYSE GUL'],
    // Other Latin letters, ICAO table A
    ['Jürgen Müller', {}, 'JUERGEN MUELLER'],
    ['Søren Ærø', {}, 'SOEREN AEROE'],
    ['Åsa', {}, 'AASA'],
    ['José Ñúñez', {}, 'JOSE NUNEZ'],
    ['Strauß', {}, 'STRAUSS'],
    ['Łukasz Wałęsa', {}, 'LUKASZ WALESA'],
    // Separators
    ['Anna-Maria  O’Brien', {}, 'ANNA-MARIA OBRIEN'],
    ['  anna  -  maria  ', {}, 'ANNA-MARIA'],
    ['Jean--Luc', {}, 'JEAN-LUC'],
    ['-Ivan-', {}, 'IVAN'],
    ['Ivan 2nd 🙂', {}, 'IVAN ND'],
    ['', {}, ''],
  ])('%s %o → %s', (typed, hints, expected) => {
    expect(documentLatinName(typed, hints)).toBe(expected);
  });

  test('always a ticket name: A–Z words joined by single spaces or hyphens', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 60 }),
        fc.constantFrom(undefined, 'UZ', 'TR', 'RU'),
        (name, citizenship) => {
          expect(documentLatinName(name, { citizenship })).toMatch(TICKET_NAME);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('idempotent: a ticket name stays as it is', () => {
    const alphabet = fc.constantFrom(..."абвгдеёжзийклмнопрстуфхцчшщъыьэюяўқғҳçğıöşüäåøß -ʻʼ'ABCxyz");
    fc.assert(
      fc.property(
        fc.string({ unit: alphabet, maxLength: 40 }),
        fc.constantFrom(undefined, 'UZ', 'TR'),
        (name, citizenship) => {
          const once = documentLatinName(name, { citizenship });
          expect(documentLatinName(once, { citizenship })).toBe(once);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('plain Latin names only change case and spacing', () => {
    const word = fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ'),
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (words) => {
        const typed = words.join(' ');
        expect(documentLatinName(typed)).toBe(typed.toUpperCase());
        expect(needsDocumentLatin(typed)).toBe(false);
      }),
    );
  });
});

describe('needsDocumentLatin', () => {
  test('only when the ticket form differs in more than case', () => {
    expect(needsDocumentLatin('Азиз')).toBe(true);
    expect(needsDocumentLatin('Oʻgʻiloy')).toBe(true);
    expect(needsDocumentLatin('aziz  karimov')).toBe(false);
    expect(needsDocumentLatin('   ')).toBe(false);
  });
});
