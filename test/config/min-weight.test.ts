import assert from 'node:assert/strict';
import { test } from 'node:test';
import { configToYaml, parseConfigText } from '../../src/config/index.js';
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

test('min_weight_by_rarity is read, written back, must be a boolean, and belongs to weighted matchkeys only', () => {
  const text = PERSON_FUZZY.replace('threshold: 0.8', 'threshold: 0.8\n    min_weight: 1.5\n    min_weight_by_rarity: true');
  const config = parseConfigText(`matchkeys:\n${text}`, 'm.yaml');
  const mk = config.matchkeys[0];
  assert.equal(mk.type === 'weighted' ? mk.min_weight_by_rarity : null, true);
  assert.deepStrictEqual(parseConfigText(configToYaml(config), 'again.yaml'), config);
  // false is the default and is not written: the normalised form has no key.
  const off = parseConfigText(`matchkeys:\n${text.replace('min_weight_by_rarity: true', 'min_weight_by_rarity: false')}`, 'm.yaml').matchkeys[0];
  assert.equal('min_weight_by_rarity' in off, false);
  assert.match(issueAt(rejectionIssues(`matchkeys:\n${text.replace('min_weight_by_rarity: true', 'min_weight_by_rarity: often')}`), 'matchkeys[0].min_weight_by_rarity').message, /often/);
  const exact = `matchkeys:
  - name: e
    type: exact
    min_weight_by_rarity: true
    fields: [email]
`;
  assert.ok(rejectionIssues(exact).some((i) => /min_weight_by_rarity/.test(`${i.path} ${i.message}`)));
});
