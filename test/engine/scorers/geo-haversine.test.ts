/** geo_haversine: parsing, haversine distance, distance bands, unparseable → exact. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { geoHaversine, haversineKm, parseGeoPoint } from '../../../src/engine/scorers/registry.js';
import { assertClose } from './assert-close.js';

test('parses "lat,long" and "lat;long" within valid ranges', () => {
  assert.deepEqual(parseGeoPoint('40.7128, -74.0060'), { lat: 40.7128, lon: -74.006 });
  assert.deepEqual(parseGeoPoint('51.5;-0.12'), { lat: 51.5, lon: -0.12 });
  assert.deepEqual(parseGeoPoint('-90,180'), { lat: -90, lon: 180 });
  for (const bad of ['91,0', '0,181', '40.7', '1,2,3', 'north,south', '', 'nan,0', '1;2;3']) {
    assert.equal(parseGeoPoint(bad), null, bad);
  }
});

test('haversine distance with R = 6371.0088 km', () => {
  assertClose(haversineKm({ lat: 0, lon: 0 }, { lat: 0, lon: 1 }), (6371.0088 * Math.PI) / 180, 'one degree of equator', 1e-9);
  assertClose(haversineKm({ lat: 90, lon: 0 }, { lat: -90, lon: 0 }), 6371.0088 * Math.PI, 'pole to pole', 1e-6);
  assert.equal(haversineKm({ lat: 10, lon: 20 }, { lat: 10, lon: 20 }), 0);
});

test('bands: ≤0.1 km → 1, ≤1 → 0.85, ≤10 → 0.5, ≤100 → 0.2, else 0', () => {
  assert.equal(geoHaversine('0,0', '0,0.0005'), 1); // 0.056 km
  assert.equal(geoHaversine('0,0', '0,0.005'), 0.85); // 0.56 km
  assert.equal(geoHaversine('40.7128,-74.0060', '40.7306,-73.9352'), 0.5); // 6.3 km
  assert.equal(geoHaversine('0,0', '0,0.5'), 0.2); // 55.6 km
  assert.equal(geoHaversine('0,0', '0,1'), 0); // 111 km
});

test('unparseable on either side → exact string equality', () => {
  assert.equal(geoHaversine('unknown', 'unknown'), 1);
  assert.equal(geoHaversine('unknown', '0,0'), 0);
  assert.equal(geoHaversine('95,0', '95,0'), 1);
  assert.equal(geoHaversine('95,0', '95,0.0'), 0);
});
