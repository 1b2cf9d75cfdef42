import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LikelyMatches } from '../../src/autoconfig/likely-matches.js';
import { passRecall, together, unionRecall } from '../../src/autoconfig/pass-recall.js';
import type { BlockingKey } from '../../src/config/types.js';
import { table } from './fixtures.js';

/**
 * 40 pairs (rows 2i, 2i+1), all likely matches: every pair agrees on `a`, `b` and `c`
 * except that the second row's `a` is garbled in pairs 0..9 and its `b` missing in pairs 10..19.
 */
function fixture(): { store: ReturnType<typeof table>; probe: LikelyMatches } {
  const rows: (string | null)[][] = [];
  for (let i = 0; i < 40; i++) {
    const v = [`a${i}`, `b${i}`, `c${i}`];
    rows.push(v);
    rows.push([i < 10 ? `zz${i}` : v[0], i >= 10 && i < 20 ? null : v[1], v[2]]);
  }
  const store = table(['a', 'b', 'c'], rows);
  const n = 40;
  const sims = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    sims.set([i < 10 ? 0 : 1, i >= 10 && i < 20 ? NaN : 1, 1], i * 3);
  }
  const probe: LikelyMatches = {
    columns: ['a', 'b', 'c'],
    weights: [1, 1, 1],
    a: Int32Array.from({ length: n }, (_, i) => 2 * i),
    b: Int32Array.from({ length: n }, (_, i) => 2 * i + 1),
    sims,
    // Found by the loose keys of every column that agrees.
    foundBy: Uint32Array.from({ length: n }, (_, i) => (i < 10 ? 0b110 : i < 20 ? 0b101 : 0b111)),
    threshold: 0.8,
  };
  return { store, probe };
}

const on = (field: string): BlockingKey => ({ fields: [{ field, transforms: ['lowercase'] }] });

test('together: a pair shares a block when every key field agrees after the transforms; a missing field is no block', () => {
  const { store, probe } = fixture();
  const t = together(store, probe, on('b'));
  assert.equal(t.reduce((s, x) => s + x, 0), 30);
  assert.equal(t[15], 0);
  assert.deepEqual([...together(store, probe, on('a'), [0, 25])].filter((_, i) => i === 0 || i === 25), [0, 1]);
});

test('pass recall is measured on matches found and judged without its columns', () => {
  const { store, probe } = fixture();
  // Without a, pairs 10..19 have only c left (one column judges nothing): 30 probes, of which the 10 with a garbled miss.
  assert.deepEqual(passRecall(store, probe, on('a')), { recall: 0.6667, probes: 30 });
  // Without b, pairs 0..9 disagree on a (0.5 < 0.8): 30 probes, of which the 10 missing b miss.
  assert.deepEqual(passRecall(store, probe, on('b')), { recall: 0.6667, probes: 30 });
  // Without c, only the 20 clean pairs can be judged, and c keeps all of them.
  assert.deepEqual(passRecall(store, probe, on('c')), { recall: 1, probes: 20 });
});

test('union recall: the share of likely matches some pass keeps together', () => {
  const { store, probe } = fixture();
  assert.equal(unionRecall(store, probe, [on('a')]), 0.75);
  assert.equal(unionRecall(store, probe, [on('a'), on('b')]), 1);
  assert.equal(unionRecall(store, probe, []), 0);
});
