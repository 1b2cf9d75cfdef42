import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rejectionIssues } from './config-issues.js';

const BASE = 'matchkeys: [{name: e, type: exact, fields: [email]}]\n';

test('review.lo may not exceed review.hi', () => {
  assert.deepStrictEqual(rejectionIssues(`${BASE}review: {lo: 0.9, hi: 0.8}\n`), [
    { path: 'review.lo', message: 'expected lo at most hi (0.8), got 0.9' },
  ]);
});

test('static blocking with several keys is a contradiction', () => {
  assert.deepStrictEqual(rejectionIssues(`${BASE}blocking: {strategy: static, keys: [{fields: [zip]}, {fields: [city]}]}\n`), [
    { path: 'blocking.strategy', message: 'strategy static blocks on one key, got 2 keys; use multi_pass to run one pass per key' },
  ]);
});

test('levels must agree with the number of level_thresholds', () => {
  const text = 'matchkeys: [{name: p, type: probabilistic, fields: [{field: a, scorer: jaro, levels: 3, level_thresholds: [0.9]}]}]\n';
  assert.deepStrictEqual(rejectionIssues(text), [
    { path: 'matchkeys[0].fields[0].levels', message: 'expected 2 (one more than the number of level_thresholds), got 3' },
  ]);
});

test('an excluded column cannot be matched or blocked on', () => {
  const text = `matchkeys:
  - {name: e, type: exact, fields: [rec_id], negative_evidence: [{field: rec_id, scorer: exact}]}
blocking: {keys: [{fields: [rec_id]}]}
link: {source_column: rec_id}
exclude_columns: [rec_id]
`;
  const message = 'column "rec_id" is listed in exclude_columns, so it cannot be used here';
  assert.deepStrictEqual(rejectionIssues(text), [
    { path: 'matchkeys[0].fields[0].field', message },
    { path: 'matchkeys[0].negative_evidence[0].field', message },
    { path: 'blocking.keys[0].fields[0].field', message },
  ]);
});

test('relation issues are reported together with range issues', () => {
  const text = `matchkeys:
  - {name: a, type: exact, fields: [email], threshold: 2}
  - {name: a, type: exact, fields: [phone]}
`;
  assert.deepStrictEqual(rejectionIssues(text).map((i) => i.path), ['matchkeys[0].threshold', 'matchkeys[1].name']);
});
