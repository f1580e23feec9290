/**
 * The booking form's draft: what the traveller typed, kept in this tab's sessionStorage (per offer) so that a
 * reload or a lost connection does not wipe it. Only the names, gender and citizenship of the passengers and
 * the contact are kept; birth dates, document numbers and their expiry dates stay in the page's memory only
 * (docs/decisions/0027-booking-form-draft.md).
 */

/** The fields a draft keeps: the contact's and, per passenger, these (`passengers[i].<field>`). */
const CONTACT_FIELDS = ['contact.full_name', 'contact.email', 'contact.phone_country', 'contact.phone'];
const PASSENGER_FIELDS = new Set(['given_name', 'family_name', 'gender', 'citizenship']);
const PASSENGER_NAME = /^passengers\[(\d{1,2})\]\.(.+)$/;

/** Whether the draft may keep this field: never the birth date or the document (docs/decisions/0027-…). */
export function keptInDraft(name: string): boolean {
  if (CONTACT_FIELDS.includes(name)) return true;
  const passenger = PASSENGER_NAME.exec(name);
  return passenger !== null && PASSENGER_FIELDS.has(passenger[2]!);
}

/** The sessionStorage key of an offer's draft. */
export function draftKey(offerId: string): string {
  return `parvoz:booking-draft:${offerId}`;
}

/** The form's fields a draft keeps, as name → value (empty ones left out). */
export function draftOf(form: FormData): Record<string, string> {
  const draft: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === 'string' && value !== '' && keptInDraft(name)) draft[name] = value.slice(0, 200);
  }
  return draft;
}

/** The draft stored for an offer; `{}` when none, unreadable, or storage is off (private modes). */
export function readDraft(offerId: string): Record<string, string> {
  try {
    const raw = window.sessionStorage.getItem(draftKey(offerId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && keptInDraft(entry[0]),
      ),
    );
  } catch {
    return {};
  }
}

export function writeDraft(offerId: string, form: HTMLFormElement): void {
  try {
    window.sessionStorage.setItem(draftKey(offerId), JSON.stringify(draftOf(new FormData(form))));
  } catch {
    // Storage full or switched off: the form still works, only a reload loses what was typed.
  }
}

export function clearDraft(offerId: string): void {
  try {
    window.sessionStorage.removeItem(draftKey(offerId));
  } catch {
    // As above.
  }
}

/**
 * Puts a stored draft back into the form, field by field, with the events the form's checks and the
 * ticket-name suggestion follow (the fields the draft does not name keep what the page filled in).
 */
export function restoreDraft(form: HTMLFormElement, draft: Record<string, string>): void {
  for (const [name, value] of Object.entries(draft)) {
    const element = form.elements.namedItem(name);
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement)) continue;
    if (element.type === 'hidden' || element.value === value) continue;
    element.value = value;
    element.dispatchEvent(
      new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  }
}
