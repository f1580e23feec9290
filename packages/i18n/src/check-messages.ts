import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export type Catalogs = Record<string, Record<string, string>>;
export type MessageProblem = { locale: string; key: string; problem: string };

function walk(elements: MessageFormatElement[], visit: (element: MessageFormatElement) => void): void {
  for (const element of elements) {
    visit(element);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) walk(option.value, visit);
    } else if (element.type === TYPE.tag) {
      walk(element.children, visit);
    }
  }
}

function argumentsOf(elements: MessageFormatElement[]): string[] {
  const names = new Set<string>();
  walk(elements, (element) => {
    if ('value' in element && element.type !== TYPE.literal && typeof element.value === 'string') {
      names.add(element.value);
    }
  });
  return [...names].sort();
}

/**
 * Finds keys missing or extra against the reference locale, messages that do not parse, placeholders that
 * differ from the reference, plural messages lacking a category the locale needs, and keys no source uses.
 */
export function checkMessages(catalogs: Catalogs, reference: string, sourceText?: string): MessageProblem[] {
  const problems: MessageProblem[] = [];
  const referenceCatalog = catalogs[reference] ?? {};
  const referenceArgs = new Map<string, string[]>();
  for (const [locale, catalog] of Object.entries(catalogs)) {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const key of Object.keys(referenceCatalog)) {
      if (!(key in catalog)) problems.push({ locale, key, problem: 'missing' });
    }
    for (const [key, message] of Object.entries(catalog)) {
      if (!(key in referenceCatalog)) problems.push({ locale, key, problem: 'not in the reference locale' });
      if (message.trim() === '') problems.push({ locale, key, problem: 'empty' });
      let ast: MessageFormatElement[];
      try {
        ast = parse(message);
      } catch (error) {
        problems.push({ locale, key, problem: `does not parse: ${(error as Error).message}` });
        continue;
      }
      const args = argumentsOf(ast);
      if (locale === reference) referenceArgs.set(key, args);
      walk(ast, (element) => {
        if (element.type !== TYPE.plural) return;
        const present = Object.keys(element.options);
        for (const category of element.pluralType === 'ordinal' ? [] : categories) {
          if (!present.includes(category))
            problems.push({ locale, key, problem: `plural lacks "${category}"` });
        }
        if (!present.includes('other')) problems.push({ locale, key, problem: 'plural lacks "other"' });
      });
    }
  }
  for (const [locale, catalog] of Object.entries(catalogs)) {
    if (locale === reference) continue;
    for (const [key, message] of Object.entries(catalog)) {
      const expected = referenceArgs.get(key);
      if (!expected) continue;
      try {
        const args = argumentsOf(parse(message));
        if (args.join() !== expected.join()) {
          problems.push({
            locale,
            key,
            problem: `placeholders ${args.join(',')} differ from ${expected.join(',')}`,
          });
        }
      } catch {
        // already reported
      }
    }
  }
  if (sourceText !== undefined) {
    for (const key of Object.keys(referenceCatalog)) {
      if (!sourceText.includes(`'${key}'`) && !sourceText.includes(`"${key}"`)) {
        problems.push({ locale: reference, key, problem: 'unused: no source file mentions it' });
      }
    }
  }
  return problems;
}
