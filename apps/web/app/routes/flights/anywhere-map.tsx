import type { AnywhereCard } from './anywhere.server.ts';
import { MAP_HEIGHT, MAP_WIDTH, projectPoint } from './anywhere-map-projection.ts';

/** The cheapest few are drawn larger (each point's name and price are its tooltip, and the list's). */
const MARKED = 5;
/** Room around the points, and the narrowest view (in map units: the whole map is MAP_WIDTH wide). */
const PADDING = 30;
const NARROWEST = 320;

/** The part of the map the points are in, at the map's own proportions, within the map. */
export function viewOf(points: readonly { x: number; y: number }[]): [number, number, number, number] {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  let width = Math.max(NARROWEST, Math.max(...xs) - Math.min(...xs) + 2 * PADDING);
  let height = Math.max(Math.max(...ys) - Math.min(...ys) + 2 * PADDING, (width * MAP_HEIGHT) / MAP_WIDTH);
  width = Math.min(MAP_WIDTH, Math.max(width, (height * MAP_WIDTH) / MAP_HEIGHT));
  height = Math.min(MAP_HEIGHT, height);
  const centre = (values: number[]) => (Math.min(...values) + Math.max(...values)) / 2;
  const x = Math.min(Math.max(centre(xs) - width / 2, 0), MAP_WIDTH - width);
  const y = Math.min(Math.max(centre(ys) - height / 2, 0), MAP_HEIGHT - height);
  return [Math.round(x), Math.round(y), Math.round(width), Math.round(height)];
}

/**
 * The destinations on a plain world map (docs/anywhere.md): the land is one cached image, each city a point
 * linking to its results. The list below says all of it, so screen readers and the keyboard go there instead.
 */
export function AnywhereMap({
  origin,
  cards,
  prices,
  links,
}: {
  origin: { lat: number; lon: number };
  cards: readonly AnywhereCard[];
  prices: readonly string[];
  links: readonly string[];
}) {
  const home = projectPoint(origin.lat, origin.lon);
  const points = cards.map((card) => projectPoint(card.lat, card.lon));
  const view = viewOf([home, ...points]);
  // Points keep about their size on screen as the view narrows (half as wide: ~0.7 the radius in map units).
  const size = Math.sqrt(view[2] / MAP_WIDTH);
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-lg border border-neutral-200 bg-sky-50">
      <svg viewBox={view.join(' ')} className="block h-auto w-full" data-testid="anywhere-map">
        <image href="/maps/world.svg" width={MAP_WIDTH} height={MAP_HEIGHT} />
        {cards.map((card, index) => {
          const point = points[index]!;
          return (
            <a key={card.code} href={links[index]} tabIndex={-1}>
              <title>{`${card.name}: ${prices[index] ?? ''}`}</title>
              <line
                x1={home.x}
                y1={home.y}
                x2={point.x}
                y2={point.y}
                stroke="#3b82f6"
                strokeOpacity="0.25"
                strokeWidth={size}
              />
              <circle
                cx={point.x}
                cy={point.y}
                r={(index < MARKED ? 7 : 5) * size}
                fill="#1d4ed8"
                stroke="#fff"
                strokeWidth={size}
              />
            </a>
          );
        })}
        <circle cx={home.x} cy={home.y} r={8 * size} fill="#dc2626" stroke="#fff" strokeWidth={2 * size} />
      </svg>
    </div>
  );
}
