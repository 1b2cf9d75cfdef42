/** monge_elkan test vectors: word order, punctuation and initials do not matter; a misspelt name still scores high; different names score low. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mongeElkan, nameWords } from '../../../src/engine/scorers/registry.js';
import { createScorer } from '../../../src/engine/scorers/registry.js';
import { FieldDictionary } from '../../../src/engine/fields/field-dictionary.js';
import { assertClose } from './assert-close.js';

const me = (a: string, b: string): number => mongeElkan(nameWords(a), nameWords(b));

test('nameWords: letter and digit runs without the conjunction, initials dropped unless nothing else is left', () => {
  assert.deepEqual(nameWords('p. auer, n. cesa-bianchi, and r. e. schapire,'), ['auer', 'cesa', 'bianchi', 'schapire']);
  assert.deepEqual(nameWords('AND Sandy Anderson'), ['Sandy', 'Anderson'], 'only the whole word, in any case');
  assert.deepEqual(nameWords('schapire, r.'), ['schapire']);
  assert.deepEqual(nameWords('j. k.'), ['j', 'k']);
  assert.deepEqual(nameWords('!!!'), []);
  assert.deepEqual(nameWords('Zoë Ångström'), ['Zoë', 'Ångström']);
  assert.deepEqual(nameWords('Zoë Ångström'.normalize('NFD')), ['Zoë', 'Ångström'], 'combining accents stay inside their word');
});

test('the same authors in another citation style score 1', () => {
  assert.equal(me('r. e. schapire, y. freund', 'freund, y., schapire, r.e.'), 1);
  // "and" joins names; in most lists, it would make any two of them look alike.
  assert.equal(me('r. e. schapire and y. freund', 'freund, y., schapire, r.e.'), 1);
  assertClose(me('Y. Freund', 'freund y'), 0.888888888888889, "case is the transforms' job, not the scorer's");
});

test('a misspelt name stays close; different names do not', () => {
  assertClose(me('shapire', 'schapire'), 0.9625, 'shapire');
  assert.ok(me('m. kearns and l. valiant', 'm. kearns and l. valliant') > 0.98);
  assertClose(me('a. blum and m. furst', 'd. haussler and p. long'), 0.525, 'other authors');
});

test('a list and one of its names: the two directions are averaged, so the missing co-authors cost only one side', () => {
  const x = nameWords('p. auer and n. cesa-bianchi');
  const y = nameWords('auer');
  // auer → auer is 1 both ways; cesa and bianchi find their best partner in auer at 0.5 and 0.46.
  assertClose(mongeElkan(x, y), 0.8273809523809523, 'one of three');
  assert.ok(mongeElkan(x, y) > mongeElkan(nameWords('a. blum'), y));
  assert.equal(mongeElkan([], y), 0);
});

test('the bound scorer gives the same number by ids and by values', () => {
  const values = ['r. e. schapire, y. freund', 'freund, y., schapire, r.e.', 'a. blum'];
  const dict = FieldDictionary.fromValues('author', [], values);
  const s = createScorer('monge_elkan', dict);
  assert.equal(s.ids(0, 1), s.values(values[0], values[1]));
  assert.equal(s.ids(0, 1), 1);
  assert.ok(s.ids(0, 2) < 0.6);
});
