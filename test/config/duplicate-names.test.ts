import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rejectionIssues } from './config-issues.js';

test('a repeated matchkey name is reported at the later matchkey, pointing at the first', () => {
  const text = `matchkeys:
  - {name: by_email, type: exact, fields: [email]}
  - {name: by_phone, type: exact, fields: [phone]}
  - {name: by_email, type: exact, fields: [email2]}
`;
  assert.deepStrictEqual(rejectionIssues(text), [
    { path: 'matchkeys[2].name', message: 'duplicate matchkey name "by_email"; matchkeys[0] already uses it' },
  ]);
});

test('names differing only in case are distinct', () => {
  const text = `matchkeys:
  - {name: Email, type: exact, fields: [email]}
  - {name: email, type: exact, fields: [email]}
  - {name: email, type: exact, fields: [phone]}
`;
  assert.deepStrictEqual(rejectionIssues(text).map((i) => i.path), ['matchkeys[2].name']);
});
