/** `unordered` on a blocking key: read, written back (omitted when false), and rejected with its key path unless the key has exactly two fields. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { configToYaml, parseConfigText } from '../../src/config/index.js';
import { issueAt, rejectionIssues } from './config-issues.js';

function withKeys(keys: string, extra = ''): string {
  return `matchkeys:
  - name: person
    type: weighted
    fields:
      - {field: first_name, scorer: jaro_winkler}
      - {field: surname, scorer: jaro_winkler}
      - {field: dob, scorer: exact}
blocking:
  keys:
${keys}
${extra}`;
}

const UNORDERED = `    - fields: [dob]
    - fields: [{field: first_name, transforms: [lowercase, soundex]}, {field: surname, transforms: [lowercase, soundex]}]
      unordered: true`;

test('unordered is read, kept by the YAML writer, and absent when false or not written', () => {
  const config = parseConfigText(withKeys(UNORDERED), 'u.yaml');
  assert.equal(config.blocking.keys[1].unordered, true);
  assert.equal('unordered' in config.blocking.keys[0], false);
  const yaml = configToYaml(config);
  assert.match(yaml, /unordered: true/);
  assert.deepEqual(parseConfigText(yaml, 'again.yaml'), config);
  const off = parseConfigText(withKeys(UNORDERED.replace('unordered: true', 'unordered: false')), 'off.yaml');
  assert.equal('unordered' in off.blocking.keys[1], false);
  assert.doesNotMatch(configToYaml(off), /unordered/);
});

test('unordered survives the round trip with split_oversized and its split_by', () => {
  const config = parseConfigText(withKeys(`${UNORDERED}\n      split_by: [dob]`, '  split_oversized: true\n'), 's.yaml');
  assert.equal(config.blocking.keys[1].unordered, true);
  assert.deepEqual(config.blocking.keys[1].split_by, [{ field: 'dob', transforms: [] }]);
  assert.deepEqual(parseConfigText(configToYaml(config), 'again.yaml'), config);
});

test('an unordered key needs exactly two fields; the error names the key path', () => {
  const one = rejectionIssues(withKeys(`    - fields: [dob]\n    - fields: [dob]\n    - fields: [first_name]\n      unordered: true`));
  assert.match(issueAt(one, 'blocking.keys[2].unordered').message, /two fields.*got 1 field$/);
  const three = rejectionIssues(withKeys(`    - fields: [first_name, surname, dob]\n      unordered: true`));
  assert.match(issueAt(three, 'blocking.keys[0].unordered').message, /got 3 fields/);
  // false asks for nothing: any field count is fine.
  assert.doesNotThrow(() => parseConfigText(withKeys(`    - fields: [first_name, surname, dob]\n      unordered: false`), 'f.yaml'));
  const notBool = rejectionIssues(withKeys(`    - fields: [first_name, surname]\n      unordered: sometimes`));
  assert.ok(notBool.some((i) => i.path === 'blocking.keys[0].unordered'), JSON.stringify(notBool));
});
