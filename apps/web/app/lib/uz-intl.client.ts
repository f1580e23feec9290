/**
 * Chromium ships no Uzbek formatting data: it prints "UZS 1,234,567" where Node prints "1 234 567 soʻm".
 * On /uz pages we detect that once and install FormatJS polyfills with Uzbek data before hydration,
 * so the browser formats exactly like the server did (DESIGN §8).
 */
export function browserLacksUzbekIntl(): boolean {
  try {
    const money = new Intl.NumberFormat('uz', {
      style: 'currency',
      currency: 'UZS',
      maximumFractionDigits: 0,
    }).format(1000);
    const month = new Intl.DateTimeFormat('uz', { month: 'long', timeZone: 'UTC' }).format(
      Date.UTC(2026, 2, 5),
    );
    return !money.includes('soʻm') || month !== 'mart';
  } catch {
    return true;
  }
}

export async function installUzbekIntl(): Promise<void> {
  await import('@formatjs/intl-getcanonicallocales/polyfill.js');
  await import('@formatjs/intl-locale/polyfill.js');
  await import('@formatjs/intl-pluralrules/polyfill-force.js');
  await import('@formatjs/intl-pluralrules/locale-data/uz.js');
  await import('@formatjs/intl-numberformat/polyfill-force.js');
  await import('@formatjs/intl-numberformat/locale-data/uz.js');
  await import('@formatjs/intl-datetimeformat/polyfill-force.js');
  await import('@formatjs/intl-datetimeformat/locale-data/uz.js');
  await import('@formatjs/intl-datetimeformat/add-golden-tz.js');
}
