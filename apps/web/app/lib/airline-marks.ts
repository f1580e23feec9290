/**
 * The small mark shown beside an airline's name: its IATA code on a colour of its own (no logos: we hold no
 * licence for them). Airlines travellers of our market see most get their livery's colour; every other
 * airline gets a colour picked from its code, so it looks the same on every page and every visit.
 */

/** Livery colours of the airlines most flown from Uzbekistan, Russia and Turkey (public brand colours). */
const BRAND_COLOURS: Record<string, string> = {
  HY: '#1b4e9b', // Uzbekistan Airways
  TK: '#c8102e', // Turkish Airlines
  SU: '#02458d', // Aeroflot
  S7: '#a5c93b', // S7 Airlines
  PC: '#fdb913', // Pegasus
  EK: '#d71921', // Emirates
  QR: '#5c0632', // Qatar Airways
  LH: '#05164d', // Lufthansa
  W6: '#c6007e', // Wizz Air
  FR: '#073590', // Ryanair
  FZ: '#eb6209', // flydubai
};

/** Dark colours white text reads well on (WCAG AA), for airlines without a livery colour here. */
const PALETTE = [
  '#1d4ed8',
  '#b91c1c',
  '#15803d',
  '#7e22ce',
  '#0f766e',
  '#c2410c',
  '#be185d',
  '#4338ca',
  '#155e75',
  '#92400e',
  '#065f46',
  '#334155',
  '#a21caf',
  '#075985',
  '#be123c',
  '#3f6212',
];

const DARK_TEXT = '#111827';
const LIGHT_TEXT = '#ffffff';

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

export type AirlineMark = { text: string; background: string; foreground: string };

export function airlineMark(iataCode: string): AirlineMark {
  const code = iataCode.toUpperCase();
  let hash = 0;
  for (const char of code) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const background = BRAND_COLOURS[code] ?? PALETTE[hash % PALETTE.length]!;
  const foreground =
    contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
  return { text: code, background, foreground };
}

/** For tests: every colour a mark can take. */
export const MARK_BACKGROUNDS = [...Object.values(BRAND_COLOURS), ...PALETTE];
