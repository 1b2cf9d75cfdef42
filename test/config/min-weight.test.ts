import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseConfigText } from '../../src/config/index.js';
import { issueAt, PERSON_FUZZY, rejectionIssues } from './config-issues.js';

test('min_weight on a weighted matchkey is read, defaults to 0, and must not be negative', () => {
  const withFloor = PERSON_FUZZY.replace('threshold: 0.8', 'threshold: 0.8\n    min_weight: 1.5');
  assert.notEqual(withFloor, PERSON_FUZZY);
  const mk = parseConfigText(`matchkeys:\n${withFloor}`, 'm.yaml').matchkeys[0];
  assert.equal(mk.type === 'weighted' ? mk.min_weight : null, 1.5);
  const plain = parseConfigText(`matchkeys:\n${PERSON_FUZZY}`, 'm.yaml').matchkeys[0];
  assert.equal(plain.type === 'weighted' ? plain.min_weight : null, 0);
  const negative = PERSON_FUZZY.replace('threshold: 0.8', 'threshold: 0.8\n    min_weight: -1');
  assert.match(issueAt(rejectionIssues(`matchkeys:\n${negative}`), 'matchkeys[0].min_weight').message, /-1/);
});

test('min_weight is not a key of an exact or probabilistic matchkey', () => {
  const text = `matchkeys:
  - name: e
    type: exact
    min_weight: 1
    fields: [email]
`;
  assert.ok(rejectionIssues(text).some((i) => /min_weight/.test(`${i.path} ${i.message}`)));
});
