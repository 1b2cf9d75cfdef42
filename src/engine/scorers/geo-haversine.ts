/** `geo_haversine`: banded great-circle distance between two "lat,long" values. */
import { noArguments } from '../transforms/arguments.js';
import { perValueScorer } from './per-value-scorer.js';
import { parseFiniteFloat } from './python-float.js';
import type { ScorerDefinition } from './types.js';

/** Mean Earth radius in km (IUGG). */
const EARTH_RADIUS_KM = 6371.0088;
const RADIANS = Math.PI / 180;

/** A point on the globe in degrees. */
export interface GeoPoint {
  lat: number;
  lon: number;
}

/**
 * Parses `"lat,long"` or `"lat;long"` (spaces allowed) with latitude in
 * [−90, 90] and longitude in [−180, 180]; anything else gives null.
 *
 * @example
 * parseGeoPoint('40.7128, -74.0060'); // { lat: 40.7128, lon: -74.006 }
 * parseGeoPoint('91,0');              // null
 */
export function parseGeoPoint(text: string): GeoPoint | null {
  const parts = text.split(/[,;]/);
  if (parts.length !== 2) return null;
  const lat = parseFiniteFloat(parts[0]);
  const lon = parseFiniteFloat(parts[1]);
  if (lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}

/**
 * Great-circle distance in km by the haversine formula (R = 6371.0088 km).
 *
 * @example
 * haversineKm({ lat: 0, lon: 0 }, { lat: 0, lon: 1 }); // 111.195...
 */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const sinLat = Math.sin(((b.lat - a.lat) * RADIANS) / 2);
  const sinLon = Math.sin(((b.lon - a.lon) * RADIANS) / 2);
  const h = sinLat * sinLat + Math.cos(a.lat * RADIANS) * Math.cos(b.lat * RADIANS) * sinLon * sinLon;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, h)));
}

/**
 * The `geo_haversine` band of a distance: ≤0.1 km → 1, ≤1 → 0.85, ≤10 → 0.5,
 * ≤100 → 0.2, else 0.
 *
 * @example
 * distanceScore(0.5); // 0.85
 */
export function distanceScore(km: number): number {
  if (km <= 0.1) return 1;
  if (km <= 1) return 0.85;
  if (km <= 10) return 0.5;
  if (km <= 100) return 0.2;
  return 0;
}

/** A value with its parsed point (null when unparseable). */
export interface GeoProfile {
  value: string;
  point: GeoPoint | null;
}

/**
 * Prepares a value for `geo_haversine`.
 *
 * @example
 * geoProfile('51.5;-0.12').point; // { lat: 51.5, lon: -0.12 }
 */
export function geoProfile(value: string): GeoProfile {
  return { value, point: parseGeoPoint(value) };
}

/**
 * `geo_haversine` on prepared data: the distance band when both parse, else
 * exact equality of the text.
 *
 * @example
 * compareGeoProfiles(geoProfile('0,0'), geoProfile('0,0.005')); // 0.85 (0.56 km)
 */
export function compareGeoProfiles(x: GeoProfile, y: GeoProfile): number {
  if (x.point === null || y.point === null) return x.value === y.value ? 1 : 0;
  return distanceScore(haversineKm(x.point, y.point));
}

/**
 * `geo_haversine` of two strings.
 *
 * @example
 * geoHaversine('40.7128,-74.0060', '40.7306,-73.9352'); // 0.5 (about 6.3 km)
 */
export function geoHaversine(a: string, b: string): number {
  return compareGeoProfiles(geoProfile(a), geoProfile(b));
}

/** `geo_haversine`. */
export const geoHaversineScorer: ScorerDefinition = {
  name: 'geo_haversine',
  description: '"lat,long" points by haversine km: ≤0.1 → 1, ≤1 → 0.85, ≤10 → 0.5, ≤100 → 0.2, else 0; unparseable → exact',
  checkArgs: noArguments('geo_haversine'),
  create: (_args, dict) => perValueScorer('geo_haversine', dict, geoProfile, compareGeoProfiles),
};
