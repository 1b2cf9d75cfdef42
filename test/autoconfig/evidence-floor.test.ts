import assert from 'node:assert/strict';
import { test } from 'node:test';
import { evidenceFloor } from '../../src/autoconfig/evidence-floor.js';
import type { LikelyMatches } from '../../src/autoconfig/likely-matches.js';
import type { ScoredField } from '../../src/config/types.js';

const field = (name: string, weight: number): ScoredField => ({ field: name, scorer: 'jaro_winkler', weight, transforms: [] });

/** A probe over columns a, b, c whose pairs hold the given columns (1 present, NaN missing). */
function probe(pairs: number[][]): LikelyMatches {
  const n = pairs.length;
  return {
    columns: ['a', 'b', 'c'],
    weights: [1, 1, 1],
    a: new Int32Array(n),
    b: new Int32Array(n),
    sims: Float32Array.from(pairs.flat()),
    foundBy: new Uint32Array(n),
    threshold: 0.8,
  };
}

const fields = [field('a', 1), field('b', 0.5), field('c', 0.5)];
const all = (p: LikelyMatches): number[] => Array.from({ length: p.a.length }, (_, i) => i);

test('the floor is the bits that single out one record: log2(rows) / 10', () => {
  const p = probe(Array.from({ length: 8 }, () => [1, 1, 1]));
  assert.equal(evidenceFloor(fields, p, all(p), 1024), 1);
  assert.equal(evidenceFloor(fields, p, all(p), 2 ** 15), 1.5);
});

test('it never exceeds the weight present on the lower quartile of the likely matches', () => {
  // Most likely matches hold only a and c (weight 1.5); a quarter hold everything.
  const p = probe([...Array.from({ length: 6 }, () => [1, NaN, 1]), [1, 1, 1], [1, 1, 1]]);
  assert.equal(evidenceFloor(fields, p, all(p), 2 ** 20), 1.5);
  // Only the pairs asked for count: here the ones holding a alone.
  const q = probe([[1, NaN, NaN], [1, NaN, NaN], [1, 1, 1]]);
  assert.equal(evidenceFloor(fields, q, [0, 1], 2 ** 20), 1);
  assert.equal(evidenceFloor(fields, q, [], 2 ** 20), 0, 'no likely match, no floor');
});
