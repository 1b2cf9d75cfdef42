/** Column alignment by record evidence: likely pairs found column-blind decide which columns agree beyond chance, where look-alike columns fool the values' looks. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { alignmentEvidence, stackedAnchors, valueAgreement } from '../../src/data/alignment-evidence.js';
import { alignColumns } from '../../src/data/column-alignment.js';
import { ColumnStore } from '../../src/data/column-store.js';
import { seededStream } from '../../src/engine/probabilistic/seeded-random.js';

test('value agreement: numbers on the columns own scale, words in any order, codes with or without punctuation', () => {
  assert.equal(valueAgreement('1995', '1995', 4), 1);
  assert.equal(valueAgreement('1995', '1997', 4), 0.5);
  assert.equal(valueAgreement('1990', '2001', 4), 0, 'farther than usual is no agreement');
  assert.equal(valueAgreement('$1,200', '1200', 50), 1);
  assert.equal(valueAgreement('Whitman, Gayne', 'gayne whitman', null), 1);
  assert.equal(valueAgreement('ELPLP-12', 'elplp12', null), 1);
  assert.equal(valueAgreement('red lamp', 'blue lamp', null), 1 / 3);
  assert.equal(valueAgreement('1995', '1995', null), 1, 'without a scale numbers compare as text');
  assert.equal(valueAgreement('1995', '1996', null), 0);
});

const GIVEN = ['anna', 'bert', 'carla', 'dmitri', 'elena', 'farid', 'greta', 'hugo', 'ines', 'jonas', 'karin', 'lars', 'mira', 'nils', 'olga', 'pavel'];
const FAMILY = ['adler', 'brandt', 'castro', 'dorn', 'engel', 'fischer', 'graf', 'hahn', 'iversen', 'jung', 'kraus', 'lindt', 'moser', 'nowak', 'ortiz', 'peters'];

/**
 * People in two registers. The first writes "given family"; the second
 * "family, given" under meaningless names, and beside it an emergency
 * contact drawn from the same names (a column that looks the same but is
 * another person), a birth year and a town.
 */
function registers(n: number): { first: ColumnStore; second: ColumnStore } {
  const r = seededStream(5);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const towns = Array.from({ length: 40 }, (_, i) => `town${String.fromCharCode(97 + (i % 26))}${Math.floor(i / 26)}ville`);
  const a: string[][] = [];
  const b: string[][] = [];
  for (let i = 0; i < n; i++) {
    const [g, f] = [pick(GIVEN), pick(FAMILY)];
    const year = String(1940 + Math.floor(r() * 60));
    const town = pick(towns);
    a.push([`r${i}`, `${g} ${f}`, year, town]);
    b.push([`${pick(FAMILY)}, ${pick(GIVEN)}`, `${f}, ${g}`, r() < 0.9 ? year : String(Number(year) + 1), town]);
  }
  return { first: ColumnStore.fromRows(['id', 'name', 'born', 'town'], a), second: ColumnStore.fromRows(['c1', 'c2', 'c3', 'c4'], b) };
}

test('the records decide: the name pairs with the column that names the same person, not the look-alike contact', () => {
  const { first, second } = registers(600);
  const evidence = alignmentEvidence(first, second, ['id']);
  assert.ok(evidence.likely_pairs >= 100, `${evidence.likely_pairs} likely pairs`);
  const of = (f: string, s: string) => evidence.columns.find((c) => c.first === f && c.second === s);
  assert.ok((of('name', 'c2')?.agreement ?? 0) > 0.9);
  assert.ok((of('name', 'c1')?.agreement ?? 1) < 0.3, 'the contact agrees no more than chance');
  assert.ok(evidence.columns.every((c) => c.first !== 'id'), 'an excluded column is never read');

  const aligned = alignColumns(first, second, [], ['id'], evidence);
  assert.deepEqual(aligned.pairs.map((p) => `${p.second}>${p.first}`).sort(), ['c2>name', 'c3>born', 'c4>town']);
  assert.ok(aligned.pairs.every((p) => p.by === 'record_evidence' && p.evidence !== undefined && p.evidence.z >= 3));
  assert.deepEqual(aligned.second_only, ['c1']);
  assert.equal(aligned.likely_pairs, evidence.likely_pairs);

  // The values' looks alone cannot tell the two name columns apart: the same names, the same shape.
  const byLooks = alignColumns(first, second, [], ['id']);
  assert.equal(byLooks.pairs.find((p) => p.first === 'name')?.second, 'c1', 'by their looks alone the contact is taken for the name');
});

test('with too few likely pairs the looks decide, and the configuration overrides the evidence', () => {
  const { first, second } = registers(600);
  const evidence = alignmentEvidence(first, second, ['id']);
  const thin = { ...evidence, likely_pairs: 5 };
  assert.ok(alignColumns(first, second, [], ['id'], thin).pairs.every((p) => p.by === 'names_and_values'));
  const fixed = alignColumns(first, second, [['c1', 'name']], ['id'], evidence);
  assert.deepEqual(fixed.pairs[0], { first: 'name', second: 'c1', score: 1, name_score: fixed.pairs[0].name_score, value_score: 1, by: 'configuration' });
  assert.ok(!fixed.pairs.some((p) => p.second === 'c2' && p.first === 'name'));
});

test('evidence is deterministic and reads only a bounded sample of a large table', () => {
  const { first, second } = registers(600);
  assert.deepEqual(alignmentEvidence(first, second, ['id']), alignmentEvidence(first, second, ['id']));
  const big = registers(3000);
  assert.ok(alignmentEvidence(big.first, big.second, ['id']).likely_pairs <= 1000, 'at most the queried rows');
});

test('one file of two stacked tables: its anchors pair rows across the tables by their words, the same as two files would', () => {
  const random = seededStream(3);
  const word = (): string => Array.from({ length: 7 }, () => 'bcdfghklmnprstvz'[Math.floor(random() * 16)]).join('');
  const titles = Array.from({ length: 60 }, () => `${word()} ${word()} ${word()}`);
  // Table "shop" rows 0–59, table "catalogue" rows 60–119 (the same items, a word added, in reverse order).
  const rows = [...titles.map((t) => ['shop', t, 'x']), ...[...titles].reverse().map((t) => ['catalogue', `${t} deluxe`, 'y'])];
  const store = ColumnStore.fromRows(['source', 'title', 'note'], rows);
  const anchors = stackedAnchors(store, 'source', ['note']);
  assert.ok(anchors !== null && anchors.length >= 100, `${anchors?.length} anchor cells`);
  for (let k = 0; k < anchors.length; k += 2) assert.equal(anchors[k + 1], 119 - anchors[k], `anchor ${anchors[k]} ↔ ${anchors[k + 1]}`);
  // The same pairs as the two tables given as two files (rows of the second counted from its own 0).
  const first = ColumnStore.fromRows(['title', 'note'], rows.slice(0, 60).map((r) => r.slice(1)));
  const second = ColumnStore.fromRows(['title', 'note'], rows.slice(60).map((r) => r.slice(1)));
  assert.deepEqual([...anchors], alignmentEvidence(first, second, ['note']).anchors.flatMap(([a, b]) => [a, 60 + b]));
  // Three tables, or no such column: no anchors.
  assert.equal(stackedAnchors(ColumnStore.fromRows(['source', 'title'], [['a', 'x'], ['b', 'x'], ['c', 'x']]), 'source', []), null);
  assert.equal(stackedAnchors(store, 'origin', []), null);
});
