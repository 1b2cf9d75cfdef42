// The /suggest worker task on its own: valleys per deciding matchkey (matched flag ignored), the pairs a move would change, missing rates per column.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ColumnStore } from '../../../src/data/column-store.js';
import { suggestionFacts } from '../../../src/server/analysis/suggestion-facts.js';
import { findValley } from '../../../src/server/analysis/threshold-valley.js';

const MATCHED = 0x80;
// Matchkey 0 (threshold 0.8): 40 pairs around 0.71-0.81, none from 0.84 to 0.87, 40 around 0.88-0.89.
// Matchkey 1: a few pairs that must not leak into matchkey 0's histogram.
const low = Array.from({ length: 40 }, (_, i) => 0.71 + (i % 6) * 0.02);
const high = Array.from({ length: 40 }, (_, i) => 0.88 + (i % 2) * 0.01);
const other = [0.845, 0.85, 0.855];
const scores = [...low, ...high, ...other];
const flags = [...low.map((s) => (s >= 0.8 ? MATCHED : 0)), ...high.map(() => MATCHED), ...other.map(() => 1 | MATCHED)];
const store = ColumnStore.fromRows(['a', 'b'], [['x', null], ['y', null], [null, 'z'], ['w', null]]);

const facts = suggestionFacts({
  pairs: { score: Float64Array.from(scores), flags: Uint8Array.from(flags), count: scores.length },
  searches: [{ index: 0, threshold: 0.8, lo: 0.7, hi: 0.9 }, { index: 1, threshold: 0.6, lo: 0.5, hi: 0.7 }],
  table: store.handle,
  columns: [1, 0],
});

test('a matchkey’s valley is searched over its own pairs only, whatever their matched flag', () => {
  const [first, second] = facts.valleys;
  assert.equal(first.index, 0);
  assert.equal(first.pairsConsidered, 80);
  assert.deepEqual(first.valley, findValley([...low, ...high], 0.8, 0.7, 0.9));
  assert.ok(first.valley !== null && first.valley.proposed > 0.8);
  assert.equal(second.pairsConsidered, 3);
  assert.equal(second.valley, null);
  assert.equal(second.pairsChanging, 0);
});

test('the pairs changing are those between the threshold and the proposed one', () => {
  const proposed = facts.valleys[0].valley?.proposed ?? NaN;
  const expected = [...low, ...high].filter((s) => s >= 0.8 && s < proposed).length;
  assert.ok(expected > 0);
  assert.equal(facts.valleys[0].pairsChanging, expected);
});

test('missing rates come in the order the columns were asked for', () => {
  assert.deepEqual(facts.missing, [0.75, 0.25]);
});
