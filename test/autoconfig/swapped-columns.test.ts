/** Zero-config crosses two columns only when likely matches show their values transposed, and says so in the telemetry. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnStore } from '../../src/data/column-store.js';
import type { ScoredField } from '../../src/config/types.js';
import type { LikelyMatches } from '../../src/autoconfig/likely-matches.js';
import { swapEvidence } from '../../src/autoconfig/swapped-columns.js';
import { control } from './controller-run.js';
import { rng, word } from './fixtures.js';

/** People written 2–3 times with a typo now and then; `transposed` of the copies carry given name and family name the other way round. */
function registry(transposed: number, seed: number): ColumnStore {
  const r = rng(seed);
  const rows: (string | null)[][] = [];
  const typo = (s: string): string => (r() < 0.2 ? s.slice(0, -1) + 'x' : s);
  for (let e = 0; e < 700; e++) {
    const given = word(r, 5 + Math.floor(r() * 3));
    const family = word(r, 6 + Math.floor(r() * 3));
    const dob = `19${50 + Math.floor(r() * 50)}-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 9)}`;
    const town = word(r, 7);
    const copies = 2 + Math.floor(r() * 2);
    for (let k = 0; k < copies; k++) {
      const swap = k > 0 && r() < transposed;
      rows.push(swap ? [typo(family), typo(given), dob, town] : [typo(given), typo(family), dob, k > 0 && r() < 0.3 ? null : town]);
    }
  }
  return ColumnStore.fromRows(['given', 'family', 'dob', 'town'], rows);
}

test('a fifth of the copies written with given and family name transposed: the two are crossed, with the evidence in the telemetry', async () => {
  const { config, telemetry } = await control(registry(0.2, 5));
  const mk = config.matchkeys[0];
  assert.equal(mk.type, 'weighted');
  assert.deepEqual(mk.type === 'weighted' ? mk.swaps : null, [['given', 'family']]);
  const evidence = (telemetry.swapped_columns ?? []).find((s) => s.columns.join() === 'given,family');
  assert.ok(evidence, JSON.stringify(telemetry.swapped_columns));
  assert.equal(evidence.declared, true);
  const { crossed, pairs, chance } = evidence;
  assert.ok(crossed != null && pairs != null && chance != null, JSON.stringify(evidence));
  assert.ok(crossed >= 0.1 * pairs, `crossed ${crossed} of ${pairs}`);
  assert.ok(chance * 5 <= crossed);
  assert.deepEqual(telemetry.committed_matchkeys?.[0].swaps, [['given', 'family']]);
});

test('the same registry with every copy written the right way round: nothing is crossed', async () => {
  const { config, telemetry } = await control(registry(0, 5));
  const mk = config.matchkeys[0];
  assert.equal(mk.type === 'weighted' ? mk.swaps : undefined, undefined);
  const evidence = (telemetry.swapped_columns ?? []).find((s) => s.columns.join() === 'given,family');
  assert.ok(evidence, 'the pair was measured');
  assert.equal(evidence.declared, false);
  assert.equal(evidence.crossed, 0);
  assert.deepEqual(telemetry.committed_matchkeys?.[0].swaps ?? [], []);
});

test('swapEvidence passes over a column compared twice and a scorer that learns from its column: crossing either would be ambiguous or asymmetric', () => {
  const rows: (string | null)[][] = [];
  const r = rng(3);
  for (let i = 0; i < 40; i++) {
    const [first, last, town, dob] = [word(r, 6), word(r, 7), word(r, 8), `19${10 + i}`];
    rows.push([first, last, town, dob], i % 2 === 0 ? [last, first, town, dob] : [first, last, town, dob]);
  }
  const store = ColumnStore.fromRows(['first', 'last', 'town', 'dob'], rows);
  // Every pair agrees on town and date; judged without the two names, each is a likely match.
  const probe: LikelyMatches = {
    columns: ['first', 'last', 'town', 'dob'],
    weights: [1, 1, 1, 1],
    a: Int32Array.from({ length: 40 }, (_, i) => 2 * i),
    b: Int32Array.from({ length: 40 }, (_, i) => 2 * i + 1),
    sims: Float32Array.from(rows.flatMap((_, k) => (k % 2 === 0 ? [1, 1, 1, 1] : []))),
    foundBy: new Uint32Array(40),
    threshold: 0.8,
  };
  const field = (f: string, scorer: string): ScoredField => ({ field: f, scorer, weight: 1, transforms: ['lowercase'] });
  const plain = swapEvidence(store, [field('first', 'jaro_winkler'), field('last', 'jaro_winkler'), field('town', 'jaro_winkler')], probe);
  const names = plain.find((s) => s.columns.join() === 'first,last');
  assert.deepEqual(names && { pairs: names.pairs, crossed: names.crossed, declared: names.declared }, { pairs: 40, crossed: 20, declared: true });
  const twice = swapEvidence(store, [field('first', 'jaro_winkler'), field('first', 'exact'), field('last', 'jaro_winkler'), field('town', 'jaro_winkler')], probe);
  assert.equal(twice.some((s) => s.columns.includes('first')), false);
  const tfidf = swapEvidence(store, [field('first', 'tfidf_cosine'), field('last', 'tfidf_cosine'), field('town', 'jaro_winkler')], probe);
  assert.deepEqual(tfidf, []);
});
