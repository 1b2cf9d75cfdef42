import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseConfigText } from '../../src/config/index.js';

test('threshold defaults depend on the matchkey type, and on negative evidence for exact keys', () => {
  const config = parseConfigText(`matchkeys:
  - {name: w, type: weighted, fields: [{field: name, scorer: jaro}]}
  - {name: p, type: probabilistic, fields: [{field: name, scorer: jaro}]}
  - {name: e, type: exact, fields: [email]}
  - {name: en, type: exact, fields: [email], negative_evidence: [{field: dob, scorer: exact}]}
`, 't.yaml');
  assert.deepStrictEqual(config.matchkeys.map((mk) => mk.threshold), [0.8, 0.5, 1.0, 0.5]);
});

test('field defaults: weight 1, no transforms; negative evidence threshold 0.4 and penalty 0.3', () => {
  const [mk] = parseConfigText(`matchkeys:
  - name: w
    type: weighted
    fields: [{field: name, scorer: jaro}]
    negative_evidence: [{field: dob, scorer: exact, transforms: [digits_only]}]
`, 't.yaml').matchkeys;
  assert.deepStrictEqual(mk.fields, [{ field: 'name', scorer: 'jaro', weight: 1, transforms: [] }]);
  assert.deepStrictEqual(mk.negative_evidence, [{ field: 'dob', scorer: 'exact', transforms: ['digits_only'], threshold: 0.4, penalty: 0.3 }]);
});

test('probabilistic defaults: 3 levels at 0.8 for fuzzy scorers, 2 at 0.9 for exact, levels from level_thresholds, EM settings', () => {
  const [mk] = parseConfigText(`matchkeys:
  - name: p
    type: probabilistic
    fields:
      - {field: name, scorer: jaro_winkler}
      - {field: zip, scorer: exact}
      - {field: city, scorer: levenshtein, level_thresholds: [0.5, 0.75, 0.9]}
`, 't.yaml').matchkeys;
  assert.equal(mk.type, 'probabilistic');
  if (mk.type !== 'probabilistic') return;
  assert.deepStrictEqual(mk.fields, [
    { field: 'name', scorer: 'jaro_winkler', weight: 1, transforms: [], levels: 3, partial_threshold: 0.8, tf_adjustment: false },
    { field: 'zip', scorer: 'exact', weight: 1, transforms: [], levels: 2, partial_threshold: 0.9, tf_adjustment: false },
    { field: 'city', scorer: 'levenshtein', weight: 1, transforms: [], levels: 4, partial_threshold: 0.8, level_thresholds: [0.5, 0.75, 0.9], tf_adjustment: false },
  ]);
  assert.equal(mk.missing, 'unobserved');
  assert.deepStrictEqual(mk.em, { max_iterations: 20, convergence: 0.001, seed: 42, sample_pairs: 10000, u_pairs: 5000 });
});

test('partial EM settings keep the other defaults', () => {
  const [mk] = parseConfigText(`matchkeys:
  - {name: p, type: probabilistic, fields: [{field: a, scorer: jaro}], em: {seed: 7}}
`, 't.yaml').matchkeys;
  assert.ok(mk.type === 'probabilistic');
  assert.deepStrictEqual(mk.em, { max_iterations: 20, convergence: 0.001, seed: 7, sample_pairs: 10000, u_pairs: 5000 });
});

test('without a blocking section there are no keys and the other blocking defaults apply', () => {
  const expected = { strategy: 'static', keys: [], window: 20, max_block_size: 5000, split_oversized: false, oversized: 'score' };
  const base = 'matchkeys: [{name: e, type: exact, fields: [email]}]\n';
  assert.deepStrictEqual(parseConfigText(base, 't.yaml').blocking, expected);
  assert.deepStrictEqual(parseConfigText(`${base}blocking:\n`, 't.yaml').blocking, expected);
});

test('blocking strategy defaults to static for one key and multi_pass for several', () => {
  const base = 'matchkeys: [{name: e, type: exact, fields: [email]}]\n';
  assert.equal(parseConfigText(`${base}blocking: {keys: [{fields: [zip]}]}\n`, 't.yaml').blocking.strategy, 'static');
  assert.equal(parseConfigText(`${base}blocking: {keys: [{fields: [zip]}, {fields: [city]}]}\n`, 't.yaml').blocking.strategy, 'multi_pass');
});

test('key-level blocking transforms come before each field\'s own transforms', () => {
  const config = parseConfigText(`matchkeys: [{name: e, type: exact, fields: [email]}]
blocking:
  keys:
    - fields: [surname, {field: given_name, transforms: ["substring:0:1"]}]
      transforms: [strip, lowercase]
`, 't.yaml');
  assert.deepStrictEqual(config.blocking.keys, [{
    fields: [
      { field: 'surname', transforms: ['strip', 'lowercase'] },
      { field: 'given_name', transforms: ['strip', 'lowercase', 'substring:0:1'] },
    ],
  }]);
});

test('review, clustering, link and exclude_columns defaults', () => {
  const base = 'matchkeys: [{name: e, type: exact, fields: [email]}]\n';
  const config = parseConfigText(base, 't.yaml');
  assert.deepStrictEqual(config.review, { lo: null, hi: null });
  assert.deepStrictEqual(config.clustering, { max_cluster_size: 100, min_link_density: 0 });
  assert.equal(config.link, null);
  assert.deepStrictEqual(config.exclude_columns, []);
  const partial = parseConfigText(`${base}review: {hi: 0.9}\nlink: {source_column: src}\n`, 't.yaml');
  assert.deepStrictEqual(partial.review, { lo: null, hi: 0.9 });
  assert.deepStrictEqual(partial.link, { source_column: 'src', mode: 'link_only' });
});
