/** Great-circle geometry on a spherical Earth (haversine). Pure functions, kilometres and degrees. */

export const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;

/** Degrees to radians. */
export function toRadians(degrees: number): number {
  return degrees * RAD;
}

/** Great-circle distance in km between two points given in radians (hot path: no conversion). */
export function haversineRad(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const sinDLat = Math.sin((lat2 - lat1) / 2);
  const sinDLon = Math.sin((lon2 - lon1) / 2);
  const h = sinDLat * sinDLat + Math.cos(lat1) * Math.cos(lat2) * sinDLon * sinDLon;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Great-circle distance in km between two points given in degrees. */
export function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return haversineRad(lat1 * RAD, lon1 * RAD, lat2 * RAD, lon2 * RAD);
}
