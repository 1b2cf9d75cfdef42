/** Fields measured on two files' anchors: the lift of each field's own scorer over chance, the weights it gives, and how they are applied. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { anchorEvidence, anchoredWeights, withAnchoredWeights } from '../../src/autoconfig/anchor-weights.js';
import type { ScoredField } from '../../src/config/types.js';
import { rng, table, word } from './fixtures.js';

const field = (name: string, scorer: string, weight: number, transforms: string[] = []): ScoredField => ({ field: name, scorer, weight, transforms });

/** Rows 0..n−1 the first table, n..2n−1 the second; anchor k pairs row k with row n + k. */
function linked(n: number, cell: (k: number, side: 0 | 1) => [string | null, string | null]): { store: ReturnType<typeof table>; pairs: Int32Array } {
  const rows: (string | null)[][] = [];
  for (const side of [0, 1] as const) for (let k = 0; k < n; k++) rows.push(cell(k, side));
  const pairs = new Int32Array(2 * n);
  for (let k = 0; k < n; k++) [pairs[2 * k], pairs[2 * k + 1]] = [k, n + k];
  return { store: table(['code', 'note'], rows), pairs };
}

test('an exact field that agrees on 8 of 10 anchors and never by chance lifts 0.8; too few filled pairs measure nothing', () => {
  // Anchor k's codes agree unless k is 3 or 7; the next anchor's first row never holds the same code. Notes fill 4 rows only.
  const { store, pairs } = linked(10, (k, side) => [side === 1 && (k === 3 || k === 7) ? `other${k}` : `code${k}`, k < 4 ? 'same note' : null]);
  const [code, note] = anchorEvidence(store, [field('code', 'exact', 1), field('note', 'exact', 1)], pairs);
  assert.deepEqual(code, { field: 'code', scorer: 'exact', pairs: 10, agreement: 0.8, chance: 0, lift: 0.8, weight_before: 1, weight_after: 1 });
  assert.equal(note, null);
});

test('chance is measured on shuffled pairs, so a scorer generous to unrelated values lifts less than its mean says', () => {
  const r = rng(5);
  // Every second-table value is the first-table one with its last letter changed; unrelated values share their first letters.
  const stems = Array.from({ length: 40 }, () => `ab${word(r, 6)}`);
  const { store, pairs } = linked(40, (k, side) => [side === 0 ? stems[k] : `${stems[k].slice(0, -1)}z`, null]);
  const [e] = anchorEvidence(store, [field('code', 'jaro_winkler', 1)], pairs);
  assert.ok(e !== null);
  assert.ok(e.chance > 0.4, `chance ${e.chance}`);
  assert.ok(e.agreement > 0.9, `agreement ${e.agreement}`);
  // (m − u) / (1 − u), from the rounded m and u: within their rounding.
  assert.ok(Math.abs(e.lift - (e.agreement - e.chance) / (1 - e.chance)) < 0.01, JSON.stringify(e));
  assert.ok(e.lift < e.agreement - 0.05, JSON.stringify(e));
});

test('weights scale by lift relative to the field that lifts most, never under 0.05; a field not measured keeps its weight', () => {
  const fields = [field('title', 'tfidf_cosine', 1), field('cast', 'token_set', 0.8), field('year', 'exact', 0.4), field('genre', 'exact', 0.3)];
  const measured = [
    { field: 'title', scorer: 'tfidf_cosine', pairs: 200, agreement: 0.6, chance: 0.01, lift: 0.6, weight_before: 1, weight_after: 1 },
    { field: 'cast', scorer: 'token_set', pairs: 200, agreement: 0.4, chance: 0.28, lift: 0.15, weight_before: 0.8, weight_after: 0.8 },
    { field: 'year', scorer: 'exact', pairs: 200, agreement: 0.01, chance: 0.01, lift: 0, weight_before: 0.4, weight_after: 0.4 },
    null,
  ];
  const weights = anchoredWeights(fields, measured);
  assert.deepEqual(
    weights.map((w) => [w.field, w.weight_after]),
    [
      ['title', 1],
      ['cast', 0.2],
      ['year', 0.05],
    ],
  );
  const applied = withAnchoredWeights(fields, weights);
  assert.deepEqual(
    applied.fields.map((f) => f.weight),
    [1, 0.2, 0.05, 0.3],
  );
  assert.deepEqual(
    applied.changed.map((c) => [c.entry.field, c.index]),
    [
      ['cast', 1],
      ['year', 2],
    ],
  );
  // A field whose weight moved since it was measured (another rule's doing) is left as it is.
  const moved = withAnchoredWeights([field('cast', 'token_set', 0.5)], weights);
  assert.equal(moved.fields[0].weight, 0.5);
  assert.equal(moved.changed.length, 0);
});

test('no anchors, or one, measure nothing', () => {
  const { store } = linked(5, (k) => [`code${k}`, null]);
  assert.deepEqual(anchorEvidence(store, [field('code', 'exact', 1)], new Int32Array(0)), [null]);
  assert.deepEqual(anchorEvidence(store, [field('code', 'exact', 1)], Int32Array.from([0, 5])), [null]);
});
