import assert from 'node:assert/strict';
import { test } from 'node:test';
import { issueAt, PERSON_FUZZY, rejectionIssues } from './config-issues.js';

test('an unknown top-level key is an error naming it and the allowed keys', () => {
  const issues = rejectionIssues(`matchkeys:\n${PERSON_FUZZY}blocks:\n  keys: []\n`);
  assert.equal(
    issueAt(issues, 'blocks').message,
    'unknown key "blocks"; expected one of: matchkeys, blocking, review, clustering, link, exclude_columns, columns',
  );
});

test('a misspelt matchkey key is an error at matchkeys[i].<key>, never a silent default', () => {
  const text = `matchkeys:\n${PERSON_FUZZY.replace('threshold: 0.8', 'thresold: 0.8')}`;
  assert.deepStrictEqual(rejectionIssues(text), [{
    path: 'matchkeys[0].thresold',
    message: 'unknown key "thresold"; expected one of: name, type, threshold, min_weight, min_weight_by_rarity, fields, swaps, negative_evidence',
  }]);
});

test('an unknown key in a matchkey field names the field by index', () => {
  const text = `matchkeys:\n${PERSON_FUZZY.replace('weight: 0.3', 'wieght: 0.3')}`;
  assert.equal(
    issueAt(rejectionIssues(text), 'matchkeys[0].fields[1].wieght').message,
    'unknown key "wieght"; expected one of: field, scorer, weight, transforms',
  );
});

test('an unknown key in a blocking key, and in a blocking key field, is reported at each depth', () => {
  const text = `matchkeys:\n${PERSON_FUZZY}blocking:
  keys:
    - fields: [zip]
      transform: [lowercase]
    - fields: [{field: name, transfroms: [lowercase]}]
`;
  const issues = rejectionIssues(text);
  assert.equal(issueAt(issues, 'blocking.keys[0].transform').message, 'unknown key "transform"; expected one of: fields, transforms, split_by, unordered');
  assert.equal(issueAt(issues, 'blocking.keys[1].fields[0].transfroms').message, 'unknown key "transfroms"; expected one of: field, transforms');
  assert.equal(issues.length, 2);
});

test('a misspelt required key reports both the missing key and the unknown one', () => {
  const text = `matchkeys:\n${PERSON_FUZZY.replace('    fields:', '    feilds:')}`;
  const issues = rejectionIssues(text);
  assert.equal(issueAt(issues, 'matchkeys[0].fields').message, 'missing required key "fields"');
  assert.match(issueAt(issues, 'matchkeys[0].feilds').message, /^unknown key "feilds"/);
});

test('several unknown keys in one mapping are all named', () => {
  const text = `matchkeys:\n${PERSON_FUZZY}clustering: {max_cluster_size: 10, min_size: 2, colour: red}\n`;
  assert.equal(
    issueAt(rejectionIssues(text), 'clustering.min_size').message,
    'unknown key "min_size"; expected one of: max_cluster_size, min_link_density (also not allowed here: "colour")',
  );
});

test('unknown keys inside em, review and link are reported with their paths', () => {
  const text = `matchkeys:
  - name: fs
    type: probabilistic
    fields: [{field: name, scorer: jaro}]
    em: {iterations: 5}
review: {low: 0.5}
link: {source_column: src, how: link_only}
`;
  const issues = rejectionIssues(text);
  assert.match(issueAt(issues, 'matchkeys[0].em.iterations').message, /^unknown key "iterations"; expected one of: max_iterations, convergence, seed, sample_pairs, u_pairs/);
  assert.match(issueAt(issues, 'review.low').message, /^unknown key "low"; expected one of: lo, hi/);
  assert.match(issueAt(issues, 'link.how').message, /^unknown key "how"; expected one of: source_column, mode/);
});

test('keys named like Object.prototype members are ordinary unknown keys', () => {
  const base = 'matchkeys: [{name: e, type: exact, fields: [{field: email, constructor: 1}]}]\n';
  const issues = rejectionIssues(`${base}__proto__: {x: 1}\n`);
  assert.equal(issueAt(issues, '__proto__').message, 'unknown key "__proto__"; expected one of: matchkeys, blocking, review, clustering, link, exclude_columns, columns');
  assert.equal(issueAt(issues, 'matchkeys[0].fields[0].constructor').message, 'unknown key "constructor"; expected one of: field, transforms');
});
