/** Place suggestions for the from/to fields, through the web app's `/{lang}/search/places` route. */

export type PlaceSuggestion = {
  type: 'city' | 'airport';
  code: string;
  name: string;
  city_name?: string;
  country_name?: string;
  airports?: { code: string; name: string }[];
};

function isSuggestion(value: unknown): value is PlaceSuggestion {
  const v = value as Partial<PlaceSuggestion> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    (v.type === 'city' || v.type === 'airport') &&
    typeof v.code === 'string' &&
    typeof v.name === 'string'
  );
}

/** Suggestions for what was typed (empty on any failure: typing goes on working). */
export async function fetchPlaces(
  lang: string,
  query: string,
  signal?: AbortSignal,
): Promise<PlaceSuggestion[]> {
  const q = query.trim();
  if (!q) return [];
  const response = await fetch(`/${lang}/search/places?q=${encodeURIComponent(q)}`, {
    headers: { accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) return [];
  const body = (await response.json()) as { data?: unknown };
  return Array.isArray(body.data) ? body.data.filter(isSuggestion) : [];
}

/** The text a chosen place leaves in its field. */
export function placeText(place: PlaceSuggestion): string {
  return place.name;
}

/** The second line of a suggestion: the city of an airport and the country. */
export function placeDetail(place: PlaceSuggestion): string {
  return [place.type === 'airport' ? place.city_name : null, place.country_name].filter(Boolean).join(', ');
}
