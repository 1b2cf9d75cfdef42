import assert from 'node:assert/strict';
import { test } from 'node:test';
import { issueAt, PERSON_FUZZY, rejectionIssues } from './config-issues.js';

test('an exact matchkey field may not carry a scorer or a weight', () => {
  const text = `matchkeys:
  - name: by_email
    type: exact
    fields:
      - {field: email, scorer: jaro_winkler}
      - {field: phone, weight: 2}
`;
  const issues = rejectionIssues(text);
  assert.match(issueAt(issues, 'matchkeys[0].fields[0].scorer').message, /^"scorer" is not allowed on a field of an exact matchkey/);
  assert.match(issueAt(issues, 'matchkeys[0].fields[1].weight').message, /^"weight" is not allowed on a field of an exact matchkey/);
});

test('probabilistic-only field settings are rejected on a weighted matchkey', () => {
  const text = `matchkeys:\n${PERSON_FUZZY.replace('weight: 0.3', 'weight: 0.3\n        levels: 3')}`;
  assert.equal(
    issueAt(rejectionIssues(text), 'matchkeys[0].fields[1].levels').message,
    '"levels" is only allowed on a field of a probabilistic matchkey',
  );
});

test('em and missing are rejected on weighted and exact matchkeys', () => {
  const text = `matchkeys:\n${PERSON_FUZZY}    em: {seed: 1}
  - {name: e, type: exact, fields: [email], missing: disagree}
`;
  const issues = rejectionIssues(text);
  assert.equal(issueAt(issues, 'matchkeys[0].em').message, '"em" is only allowed on a probabilistic matchkey');
  assert.equal(issueAt(issues, 'matchkeys[1].missing').message, '"missing" is only allowed on a probabilistic matchkey');
});
