/**
 * GET /maps/world.svg: the land of Natural Earth's 1:110m data (the `world-atlas` package, public domain) in the
 * "anywhere" map's projection, as one path (docs/anywhere.md). Drawn once per process and kept by browsers for a
 * day: no map library or tiles reach a page.
 */
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land110m from 'world-atlas/land-110m.json' with { type: 'json' };
import { MAP_HEIGHT, MAP_WIDTH, projectPoint } from '../flights/anywhere-map-projection.ts';

let drawn: string | undefined;

function drawLand(): string {
  const topology = land110m as unknown as Topology<{ land: GeometryCollection }>;
  const land = feature(topology, topology.objects.land);
  const rings: string[] = [];
  for (const shape of land.features) {
    const { geometry } = shape;
    const polygons =
      geometry.type === 'Polygon'
        ? [geometry.coordinates]
        : geometry.type === 'MultiPolygon'
          ? geometry.coordinates
          : [];
    for (const polygon of polygons)
      for (const ring of polygon) {
        // A ring that crosses the antimeridian jumps from one edge of the map to the other: a new subpath
        // there, not a line across the world.
        let path = '';
        let previousLon: number | undefined;
        for (const [lon, lat] of ring) {
          const { x, y } = projectPoint(lat!, lon!);
          const jump = previousLon === undefined || Math.abs(lon! - previousLon) > 180;
          path += `${jump ? 'M' : 'L'}${x} ${y}`;
          previousLon = lon;
        }
        rings.push(`${path}Z`);
      }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}">` +
    `<path fill="#d4d4d4" stroke="#ffffff" stroke-width="0.5" d="${rings.join('')}"/></svg>`
  );
}

export function loader() {
  drawn ??= drawLand();
  return new Response(drawn, {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}
