import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rejectionIssues } from './config-issues.js';

const EMPTY = [{ path: '(root)', message: 'configuration is empty; expected at least `matchkeys`' }];

test('an empty file is a clear error, not an empty configuration', () => {
  assert.deepStrictEqual(rejectionIssues(''), EMPTY);
});

test('a file of only comments and blank lines counts as empty', () => {
  assert.deepStrictEqual(rejectionIssues('# nothing yet\n\n   \n'), EMPTY);
  assert.deepStrictEqual(rejectionIssues('\uFEFF'), EMPTY);
});

test('a document that is not a mapping says what it is', () => {
  assert.deepStrictEqual(rejectionIssues('- a\n- b\n'), [{ path: '(root)', message: 'expected a mapping with at least `matchkeys`, got a list' }]);
  assert.deepStrictEqual(rejectionIssues('matchkeys\n'), [{ path: '(root)', message: 'expected a mapping with at least `matchkeys`, got "matchkeys"' }]);
});

test('an empty mapping is missing matchkeys', () => {
  assert.deepStrictEqual(rejectionIssues('{}\n'), [{ path: 'matchkeys', message: 'missing required key "matchkeys"' }]);
});
