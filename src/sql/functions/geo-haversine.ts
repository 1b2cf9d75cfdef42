/** The `geo_haversine` scorer as warehouse functions: src/engine/scorers/geo-haversine.ts ("lat,long" or "lat;long" read as kindred reads numbers, the haversine in the scorer's floating order, banded), else exact text. */
import { JS_PARSE_FLOAT, PY_PARSE_FLOAT, trinoParseFloat } from './numeric.js';
import { TRINO_WHITESPACE } from './shared-code.js';
import type { WarehouseFunction } from './warehouse-function.js';

const EARTH_RADIUS_KM = '6371.0088';

const JAVASCRIPT = `${JS_PARSE_FLOAT}
function geoPoint(text) {
  const parts = text.split(/[,;]/);
  if (parts.length !== 2) return null;
  const lat = parseFiniteFloat(parts[0]), lon = parseFiniteFloat(parts[1]);
  if (lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}
function geoHaversine(s, t) {
  const a = geoPoint(s), b = geoPoint(t);
  if (a === null || b === null) return s === t ? 1 : 0;
  const radians = Math.PI / 180;
  const sinLat = Math.sin(((b.lat - a.lat) * radians) / 2);
  const sinLon = Math.sin(((b.lon - a.lon) * radians) / 2);
  const h = sinLat * sinLat + Math.cos(a.lat * radians) * Math.cos(b.lat * radians) * sinLon * sinLon;
  const km = 2 * ${EARTH_RADIUS_KM} * Math.asin(Math.sqrt(Math.min(1, h)));
  if (km <= 0.1) return 1;
  if (km <= 1) return 0.85;
  if (km <= 10) return 0.5;
  if (km <= 100) return 0.2;
  return 0;
}`;

const PYTHON = `${PY_PARSE_FLOAT}
def geo_point(text):
    parts = re.split('[,;]', text)
    if len(parts) != 2:
        return None
    lat, lon = parse_finite_float(parts[0]), parse_finite_float(parts[1])
    if lat is None or lon is None or abs(lat) > 90 or abs(lon) > 180:
        return None
    return lat, lon

def geo_haversine(s, t):
    a, b = geo_point(s), geo_point(t)
    if a is None or b is None:
        return 1.0 if s == t else 0.0
    radians = math.pi / 180
    sin_lat = math.sin(((b[0] - a[0]) * radians) / 2)
    sin_lon = math.sin(((b[1] - a[1]) * radians) / 2)
    h = sin_lat * sin_lat + math.cos(a[0] * radians) * math.cos(b[0] * radians) * sin_lon * sin_lon
    km = 2 * ${EARTH_RADIUS_KM} * math.asin(math.sqrt(min(1.0, h)))
    if km <= 0.1:
        return 1.0
    if km <= 1:
        return 0.85
    if km <= 10:
        return 0.5
    if km <= 100:
        return 0.2
    return 0.0
`;

/** Trino statements setting the DOUBLEs `lat_out`, `lon_out` from the VARCHAR `src` (left null when it is not a point). */
function trinoPoint(src: string, lat: string, lon: string): string {
  return `SET parts = regexp_split(${src}, '[,;]');
  SET lat_v = NULL;
  SET lon_v = NULL;
  IF cardinality(parts) = 2 THEN
    SET piece = element_at(parts, 1);
    ${trinoParseFloat('piece', 'lat_v')}
    SET piece = element_at(parts, 2);
    ${trinoParseFloat('piece', 'lon_v')}
  END IF;
  IF lat_v IS NOT NULL AND lon_v IS NOT NULL AND abs(lat_v) <= 90 AND abs(lon_v) <= 180 THEN
    SET ${lat} = lat_v;
    SET ${lon} = lon_v;
  END IF;`;
}

// Trino: sin, cos, asin and sqrt are Java's Math functions (within an ulp of the others'; the
// result is banded, so only a distance within an ulp of a band edge could tell them apart).
const TRINO = `BEGIN
  DECLARE ws VARCHAR DEFAULT ${TRINO_WHITESPACE};
  DECLARE i, j BIGINT DEFAULT 0;
  DECLARE stripped, piece VARCHAR;
  DECLARE parts ARRAY(VARCHAR);
  DECLARE lat_v, lon_v, lat_a, lon_a, lat_b, lon_b, radians, sin_lat, sin_lon, h, km DOUBLE;
  ${trinoPoint('a', 'lat_a', 'lon_a')}
  ${trinoPoint('b', 'lat_b', 'lon_b')}
  IF lat_a IS NULL OR lat_b IS NULL THEN
    RETURN IF(a = b, 1e0, 0e0);
  END IF;
  SET radians = pi() / 180;
  SET sin_lat = sin(((lat_b - lat_a) * radians) / 2);
  SET sin_lon = sin(((lon_b - lon_a) * radians) / 2);
  SET h = sin_lat * sin_lat + cos(lat_a * radians) * cos(lat_b * radians) * sin_lon * sin_lon;
  SET km = 2 * ${EARTH_RADIUS_KM}e0 * asin(sqrt(least(1e0, h)));
  IF km <= 0.1e0 THEN
    RETURN 1e0;
  ELSEIF km <= 1 THEN
    RETURN 0.85e0;
  ELSEIF km <= 10 THEN
    RETURN 0.5e0;
  ELSEIF km <= 100 THEN
    RETURN 0.2e0;
  END IF;
  RETURN 0e0;
END`;

/**
 * The `geo_haversine` scorer as a warehouse function.
 *
 * @example
 * GEO_HAVERSINE.javascript.call; // 'geoHaversine'
 */
export const GEO_HAVERSINE: WarehouseFunction = {
  kind: 'scorer',
  name: 'geo_haversine',
  javascript: { source: JAVASCRIPT, call: 'geoHaversine' },
  python: { source: PYTHON, call: 'geo_haversine' },
  trino: TRINO,
};
