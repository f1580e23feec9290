import type { Locator, Page } from 'playwright-core';
import type { MessageKey } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import { m } from './messages.ts';

/** The text that describes a control (its hint and its error), through aria-describedby. */
export async function descriptionOf(control: Locator): Promise<string> {
  return control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/**
 * The error shown under a control (the element of its aria-describedby whose id ends in `-error`), or null
 * when the control is not marked invalid. By id lookup, not a CSS selector: nested field names (`title.en`)
 * put dots in ids.
 */
export async function fieldErrorOf(control: Locator): Promise<string | null> {
  if ((await control.getAttribute('aria-invalid')) !== 'true') return null;
  return control.evaluate((el) => {
    const id = (el.getAttribute('aria-describedby') ?? '').split(' ').find((i) => i.endsWith('-error'));
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  });
}

/**
 * Fills a form in the order given, as a person would: each control found by its whole label (the message `key`
 * in `lang`), typed into, or picked from when it is a select.
 */
export async function fillFields(
  scope: Page | Locator,
  lang: Locale,
  fields: Partial<Record<MessageKey, string>>,
): Promise<void> {
  for (const [key, value] of Object.entries(fields) as [MessageKey, string][]) {
    const control = scope.getByLabel(m(lang, key), { exact: true });
    if ((await control.evaluate((el) => el.tagName)) === 'SELECT') await control.selectOption(value);
    else await control.fill(value);
  }
}
