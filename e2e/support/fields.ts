import type { Locator } from 'playwright-core';

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
