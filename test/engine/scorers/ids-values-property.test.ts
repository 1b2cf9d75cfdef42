/** Property over every scorer: ids() (and codesId(), where a scorer has it) equals values() on the decoded strings, is symmetric, in [0, 1], never NaN, and identical values score 1. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FieldDictionary, stringToCodes } from '../../../src/engine/fields/field-dictionary.js';
import { createScorer, listScorers } from '../../../src/engine/scorers/registry.js';

// Varied on purpose: names with typos, case and spacing variants, accents,
// astral characters, long text (over 32 characters: the non-bit-parallel
// kernels), numbers, dates, coordinates, and values with no letters at all.
const VALUES = [
  'John Smith', 'Jon Smith', 'john smith', 'Smith John', 'J. Smith', 'Jonathan Smyth',
  'martha', 'marhta', 'MARTHA', 'Zoë Ångström', 'Zoe Angstrom', 'José', 'Jose',
  '😀', '😀 smile', 'smile 😃', '漢字', '漢字テスト', 'a', 'b', 'ab', 'ba', ' ', '  x  ',
  'the quick brown fox jumps over the lazy dog', 'the quick brown fox jumped over a lazy dog!',
  'new york mets', 'new york yankees', 'fuzzy was a bear', 'fuzzy fuzzy was a bear',
  '10', '10.0', '12', '-3.5', '1e3', '1_000', 'n/a', 'inf', 'nan',
  '2024-02-09', '2024/2/9', '20240210', '2024-09-02', '2023-02-30', '1999', 'Feb 2024',
  '40.7128,-74.0060', '40.7306;-73.9352', '0,0', '91,0',
  '123', '!!!', '???', '#', '##', 'mr', 'Robert', 'Rupert',
];

// Scorers for which a value may legitimately not match itself: agreement
// requires a non-empty phonetic code, or (monge_elkan) at least one word.
const MAY_NOT_MATCH_ITSELF = new Set(['soundex_match', 'metaphone_match', 'monge_elkan']);

const SPECS = [
  ...listScorers(),
  'numeric_diff:abs:5',
  'numeric_diff:pct:0.25',
  'numeric_diff:pct',
];

test('every registered scorer is exercised', () => {
  assert.ok(listScorers().length >= 16);
  for (const name of listScorers()) assert.ok(SPECS.includes(name), name);
});

for (const spec of SPECS) {
  test(`${spec}: ids(a, b) === values(value(a), value(b)), symmetric, in [0, 1], identical → 1`, () => {
    const dict = FieldDictionary.fromValues('field', [], VALUES);
    assert.equal(dict.count, VALUES.length, 'test setup: values are distinct');
    const scorer = createScorer(spec, dict);
    const fresh = createScorer(spec, dict);
    for (let a = 0; a < dict.count; a++) {
      for (let b = 0; b < dict.count; b++) {
        const viaIds = scorer.ids(a, b);
        const viaValues = fresh.values(dict.value(a), dict.value(b));
        const label = `${spec}(${JSON.stringify(dict.value(a))}, ${JSON.stringify(dict.value(b))})`;
        assert.ok(!Number.isNaN(viaIds), `${label} is NaN`);
        assert.ok(viaIds >= 0 && viaIds <= 1, `${label} = ${viaIds} is outside [0, 1]`);
        assert.equal(viaIds, viaValues, `${label}: ids ${viaIds} vs values ${viaValues}`);
        assert.equal(viaIds, scorer.ids(b, a), `${label} is not symmetric`);
        if (scorer.codesId) assert.equal(scorer.codesId(stringToCodes(dict.value(a)), b), viaValues, `${label}: codesId`);
      }
      const self = scorer.ids(a, a);
      if (!MAY_NOT_MATCH_ITSELF.has(spec)) assert.equal(self, 1, `${spec} of ${JSON.stringify(dict.value(a))} with itself is ${self}`);
    }
  });
}

test('phonetic scorers: a value with a code matches itself, one without does not', () => {
  const dict = FieldDictionary.fromValues('field', [], ['Robert', '123']);
  assert.equal(createScorer('soundex_match', dict).ids(0, 0), 1);
  assert.equal(createScorer('soundex_match', dict).ids(1, 1), 0);
  assert.equal(createScorer('metaphone_match', dict).ids(0, 0), 1);
  assert.equal(createScorer('metaphone_match', dict).ids(1, 1), 0);
});

test('ids() on a scorer created without data fails loudly instead of reading nothing', () => {
  for (const name of listScorers()) {
    const scorer = createScorer(name, null);
    assert.throws(() => scorer.ids(0, 1), /without a prepared field/, name);
  }
});

test('the code-point scorers offer codesId, and it equals values() for a query no row holds (lone surrogates too)', () => {
  const dict = FieldDictionary.fromValues('field', [], VALUES);
  const queries = ['Jhon Smith', 'marth', '😀 smiles', 'x\ud800y', '\udc00', '', 'the quick brown fox jumps over the lazy cat'];
  for (const spec of ['jaro', 'jaro_winkler', 'levenshtein', 'damerau_levenshtein']) {
    const scorer = createScorer(spec, dict);
    assert.ok(scorer.codesId, spec);
    for (const q of queries) {
      for (let b = 0; b < dict.count; b++) assert.equal(scorer.codesId(stringToCodes(q), b), scorer.values(q, dict.value(b)), `${spec}(${JSON.stringify(q)}, ${b})`);
    }
  }
});
