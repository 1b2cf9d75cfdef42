import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkScorer } from '../../src/engine/scorers/registry.js';
import { checkTransform } from '../../src/engine/transforms/registry.js';
import { issueAt, rejectionIssues } from './config-issues.js';

/** The registry's own message for a bad name (asserting the registry does reject it). */
function registryMessage(check: (spec: string) => string | null, spec: string): string {
  const message = check(spec);
  assert.ok(message !== null, `test setup: the registry accepts "${spec}"`);
  return message;
}

const TEXT = `matchkeys:
  - name: fuzzy
    type: weighted
    fields:
      - {field: name, scorer: jaro_winklr, transforms: [lowercase, lowercas]}
    negative_evidence:
      - {field: email, scorer: exactly}
blocking:
  keys:
    - fields: [zip]
      transforms: [uppercse]
`;

test('an unknown scorer is reported at its path with the scorer registry message', () => {
  const issues = rejectionIssues(TEXT);
  assert.equal(issueAt(issues, 'matchkeys[0].fields[0].scorer').message, registryMessage(checkScorer, 'jaro_winklr'));
  assert.equal(issueAt(issues, 'matchkeys[0].negative_evidence[0].scorer').message, registryMessage(checkScorer, 'exactly'));
});

test('an unknown transform is reported at its list index with the transform registry message', () => {
  const issues = rejectionIssues(TEXT);
  assert.equal(issueAt(issues, 'matchkeys[0].fields[0].transforms[1]').message, registryMessage(checkTransform, 'lowercas'));
  assert.equal(issueAt(issues, 'blocking.keys[0].transforms[0]').message, registryMessage(checkTransform, 'uppercse'));
  assert.equal(issues.length, 4);
});

test('scorer and transform arguments are validated by the registries too', () => {
  const text = `matchkeys:
  - name: m
    type: weighted
    fields: [{field: name, scorer: jaro, transforms: ["substring:x:1"]}]
`;
  const issues = rejectionIssues(text);
  assert.equal(issueAt(issues, 'matchkeys[0].fields[0].transforms[0]').message, registryMessage(checkTransform, 'substring:x:1'));
});
