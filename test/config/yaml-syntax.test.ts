import assert from 'node:assert/strict';
import { test } from 'node:test';
import { issueAt, rejectionIssues } from './config-issues.js';

test('a YAML syntax error names the line and column', () => {
  const text = `matchkeys:
  - name: a
    type: exact
    fields: [email
review: {lo: 0.5}
`;
  const issues = rejectionIssues(text, 'bad.yaml');
  assert.ok(issues.length >= 1);
  assert.equal(issues[0].path, '(yaml)');
  assert.match(issues[0].message, /^YAML syntax error at line 5, column 1: /);
});

test('a key written twice in one mapping is a syntax error with its line', () => {
  const text = `matchkeys:
  - name: a
    type: exact
    fields: [email]
    name: b
`;
  assert.equal(
    issueAt(rejectionIssues(text), '(yaml)').message,
    'YAML syntax error at line 5, column 5: a key appears twice in the same mapping',
  );
});

test('a file with several YAML documents is rejected', () => {
  const text = 'matchkeys: []\n---\nmatchkeys: []\n';
  assert.match(issueAt(rejectionIssues(text), '(yaml)').message, /^YAML syntax error at line 2, column 1: a configuration file holds one YAML document/);
});
