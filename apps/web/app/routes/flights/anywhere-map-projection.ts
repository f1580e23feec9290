/**
 * The "anywhere" map's projection (docs/anywhere.md): equirectangular, cut to the inhabited latitudes. The land
 * drawn once on the server (routes/site/world-map.ts) and the cities drawn on the page share it.
 */
export const MAP_WIDTH = 1000;
const NORTH = 84;
const SOUTH = -58;
const SCALE = MAP_WIDTH / 360;
export const MAP_HEIGHT = Math.round((NORTH - SOUTH) * SCALE);

/** A place's point on the map, rounded to a tenth of a unit. */
export function projectPoint(lat: number, lon: number): { x: number; y: number } {
  return { x: Math.round((lon + 180) * SCALE * 10) / 10, y: Math.round((NORTH - lat) * SCALE * 10) / 10 };
}
