import assert from 'node:assert/strict';
import { test } from 'node:test';
import { issueAt, PERSON_FUZZY, rejectionIssues } from './config-issues.js';

/** The message at `path` after replacing `from` with `to` in the valid weighted matchkey. */
function messageFor(from: string, to: string, path: string): string {
  const matchkey = PERSON_FUZZY.replace(from, to);
  assert.notEqual(matchkey, PERSON_FUZZY, `test setup: "${from}" not found`);
  return issueAt(rejectionIssues(`matchkeys:\n${matchkey}`), path).message;
}

test('a threshold that is not a number says what was expected and what was found', () => {
  assert.equal(messageFor('threshold: 0.8', 'threshold: high', 'matchkeys[0].threshold'), 'expected a number between 0 and 1, got "high"');
});

test('a threshold outside [0, 1] is rejected', () => {
  assert.equal(messageFor('threshold: 0.8', 'threshold: 1.5', 'matchkeys[0].threshold'), 'expected a number between 0 and 1, got 1.5');
});

test('a weight must be greater than 0', () => {
  assert.equal(messageFor('weight: 0.7', 'weight: 0', 'matchkeys[0].fields[0].weight'), 'expected a number greater than 0, got 0');
  assert.equal(messageFor('weight: 0.7', 'weight: -1', 'matchkeys[0].fields[0].weight'), 'expected a number greater than 0, got -1');
});

test('fields given as a string instead of a list', () => {
  const text = `matchkeys:
  - name: a
    type: weighted
    fields: name
`;
  assert.equal(issueAt(rejectionIssues(text), 'matchkeys[0].fields').message, 'expected a list of field mappings, got "name"');
});

test('an unknown matchkey type lists the types', () => {
  assert.equal(messageFor('type: weighted', 'type: fuzzy', 'matchkeys[0].type'), 'expected exact, weighted or probabilistic, got "fuzzy"');
});

test('a missing matchkey type is named', () => {
  assert.equal(messageFor('    type: weighted\n', '', 'matchkeys[0].type'), 'missing required key "type" (exact, weighted or probabilistic)');
});

test('a matchkey name with a space is rejected', () => {
  assert.equal(messageFor('name: person_fuzzy', 'name: person fuzzy', 'matchkeys[0].name'), 'expected a name of letters, digits, "_" or "-", got "person fuzzy"');
});

test('a weighted field without a scorer is missing its scorer', () => {
  assert.equal(messageFor('        scorer: exact\n', '', 'matchkeys[0].fields[1].scorer'), 'missing required key "scorer"');
});

test('transforms given as a single string rather than a list', () => {
  assert.equal(
    messageFor('transforms: [lowercase, strip]', 'transforms: lowercase', 'matchkeys[0].fields[0].transforms'),
    'expected a list of transform names, got "lowercase"',
  );
});

test('matchkeys must be a non-empty list of mappings', () => {
  assert.equal(issueAt(rejectionIssues('matchkeys: []\n'), 'matchkeys').message, 'expected at least one matchkey, got an empty list');
  assert.equal(issueAt(rejectionIssues('matchkeys: {name: a}\n'), 'matchkeys').message, 'expected a list of matchkey mappings, got a mapping');
  assert.match(issueAt(rejectionIssues('matchkeys: [person]\n'), 'matchkeys[0]').message, /^expected a matchkey mapping .*, got "person"$/);
});

test('blocking settings have the right types and ranges', () => {
  const text = `matchkeys:\n${PERSON_FUZZY}blocking:
  strategy: multipass
  window: 2.5
  max_block_size: 1
  oversized: drop
  keys: [zip]
`;
  const issues = rejectionIssues(text);
  assert.equal(issueAt(issues, 'blocking.strategy').message, 'expected static, multi_pass or sorted_neighborhood, got "multipass"');
  assert.equal(issueAt(issues, 'blocking.window').message, 'expected a whole number of at least 2, got 2.5');
  assert.equal(issueAt(issues, 'blocking.max_block_size').message, 'expected a whole number of at least 2, got 1');
  assert.equal(issueAt(issues, 'blocking.oversized').message, 'expected score or skip, got "drop"');
  assert.equal(issueAt(issues, 'blocking.keys[0]').message, 'expected a blocking key mapping {fields, transforms, split_by, unordered}, got "zip"');
  assert.equal(issues.length, 5);
});

test('probabilistic field settings are type-checked', () => {
  const text = `matchkeys:
  - name: fs
    type: probabilistic
    missing: sometimes
    fields:
      - {field: a, scorer: jaro, levels: 1, tf_adjustment: "yes"}
      - {field: b, scorer: jaro, level_thresholds: [0.9, 0.7]}
      - {field: c, scorer: jaro, partial_threshold: 0}
`;
  const issues = rejectionIssues(text);
  assert.equal(issueAt(issues, 'matchkeys[0].missing').message, 'expected unobserved or disagree, got "sometimes"');
  assert.equal(issueAt(issues, 'matchkeys[0].fields[0].levels').message, 'expected a whole number of at least 2, got 1');
  assert.equal(issueAt(issues, 'matchkeys[0].fields[0].tf_adjustment').message, 'expected true or false, got "yes"');
  assert.equal(issueAt(issues, 'matchkeys[0].fields[1].level_thresholds').message, 'expected strictly ascending numbers, got [0.9, 0.7]');
  assert.equal(issueAt(issues, 'matchkeys[0].fields[2].partial_threshold').message, 'expected a number greater than 0 and at most 1, got 0');
});

test('a column name must be a non-empty string', () => {
  const text = `matchkeys:
  - {name: e, type: exact, fields: [123, ""]}
exclude_columns: [true]
`;
  const issues = rejectionIssues(text);
  assert.equal(issueAt(issues, 'matchkeys[0].fields[0]').message, 'expected a column name or a mapping {field, transforms}, got 123 (if that is the column\'s header, quote it: "123")');
  assert.equal(issueAt(issues, 'matchkeys[0].fields[1].field').message, 'expected a column name, got ""');
  assert.equal(issueAt(issues, 'exclude_columns[0]').message, 'expected a column name, got true (if that is the column\'s header, quote it: "true")');
});
