/** blocking.split_oversized and per-key split_by: defaults made explicit, misuse rejected with key paths, columns checked, YAML round trip. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkConfigColumns, configToYaml, parseConfigText } from '../../src/config/index.js';
import { KindredError } from '../../src/errors/registry.js';
import { issueAt, rejectionIssues } from './config-issues.js';

const MATCHKEYS = `matchkeys:
  - name: fuzzy
    type: weighted
    fields:
      - {field: zip, scorer: exact}
      - {field: name, scorer: jaro_winkler, transforms: [lowercase]}
      - {field: city, scorer: exact}
`;

test('split_oversized defaults to false, and then no key carries a split_by', () => {
  const config = parseConfigText(`${MATCHKEYS}blocking: {keys: [{fields: [zip]}]}\n`, 'c.yaml');
  assert.equal(config.blocking.split_oversized, false);
  assert.deepStrictEqual(config.blocking.keys, [{ fields: [{ field: 'zip', transforms: [] }] }]);
});

test('with split_oversized, a key without split_by gets the first compared field outside the key, transforms included', () => {
  const config = parseConfigText(
    `${MATCHKEYS}blocking:
  split_oversized: true
  keys:
    - fields: [zip]
    - fields: [zip, name]
    - fields: [zip, name, city]
`,
    'c.yaml',
  );
  assert.deepStrictEqual(
    config.blocking.keys.map((k) => k.split_by),
    [[{ field: 'name', transforms: ['lowercase'] }], [{ field: 'city', transforms: [] }], undefined],
  );
});

test('the default passes over exact matchkeys, whose own passes already pair equal values', () => {
  const split = (matchkeys: string): unknown =>
    parseConfigText(`matchkeys:\n${matchkeys}blocking: {split_oversized: true, keys: [{fields: [zip]}]}\n`, 'c.yaml').blocking.keys[0].split_by;
  const exact = '  - {name: e, type: exact, fields: [email]}\n';
  assert.deepStrictEqual(split(`${exact}  - {name: p, type: probabilistic, fields: [{field: zip, scorer: exact}, {field: dob, scorer: exact}]}\n`), [
    { field: 'dob', transforms: [] },
  ]);
  assert.equal(split(exact), undefined);
});

test('an explicit split_by keeps its own transforms only (the key\'s transforms do not apply to it)', () => {
  const config = parseConfigText(
    `${MATCHKEYS}blocking:
  split_oversized: true
  keys:
    - fields: [zip]
      transforms: [strip]
      split_by: [{field: name, transforms: [soundex]}, city]
`,
    'c.yaml',
  );
  assert.deepStrictEqual(config.blocking.keys[0], {
    fields: [{ field: 'zip', transforms: ['strip'] }],
    split_by: [{ field: 'name', transforms: ['soundex'] }, { field: 'city', transforms: [] }],
  });
  // Written out explicitly, and loads back the same.
  const yaml = configToYaml(config);
  assert.match(yaml, /split_by:/);
  assert.deepStrictEqual(parseConfigText(yaml, 'again.yaml'), config);
});

test('split_by without split_oversized, and split_oversized with sorted_neighborhood, are errors at their paths', () => {
  const issues = rejectionIssues(`${MATCHKEYS}blocking: {keys: [{fields: [zip]}, {fields: [city], split_by: [name]}]}\n`);
  assert.equal(
    issueAt(issues, 'blocking.keys[1].split_by').message,
    "split_by only applies with blocking.split_oversized: true (it names the secondary key that splits this key's oversized blocks)",
  );
  assert.equal(issues.length, 1);
  const sn = rejectionIssues(`${MATCHKEYS}blocking: {strategy: sorted_neighborhood, split_oversized: true, keys: [{fields: [zip]}]}\n`);
  assert.deepStrictEqual(sn, [
    {
      path: 'blocking.split_oversized',
      message: 'strategy sorted_neighborhood has no blocks to split (each record meets at most 2 × (window − 1) neighbours); remove split_oversized or use multi_pass',
    },
  ]);
});

test('split_by entries are checked like blocking fields: types, unknown keys, empty lists, excluded columns', () => {
  const issues = rejectionIssues(`${MATCHKEYS}blocking:
  split_oversized: yes
  keys:
    - {fields: [zip], split_by: [{field: name, transform: [lowercase]}]}
    - {fields: [city], split_by: []}
    - {fields: [zip], split_by: [rec_id]}
exclude_columns: [rec_id]
`);
  assert.equal(issueAt(issues, 'blocking.split_oversized').message, 'expected true or false, got "yes"');
  assert.match(issueAt(issues, 'blocking.keys[0].split_by[0].transform').message, /^unknown key "transform"; expected one of: field, transforms/);
  assert.equal(issueAt(issues, 'blocking.keys[1].split_by').message, 'expected at least one field, got an empty list');

  const excluded = rejectionIssues(`${MATCHKEYS}blocking: {split_oversized: true, keys: [{fields: [zip], split_by: [rec_id]}]}\nexclude_columns: [rec_id]\n`);
  assert.deepStrictEqual(excluded, [
    { path: 'blocking.keys[0].split_by[0].field', message: 'column "rec_id" is listed in exclude_columns, so it cannot be used here' },
  ]);
});

test('a split_by column missing from the data is reported at its path', () => {
  const config = parseConfigText(`${MATCHKEYS}blocking: {split_oversized: true, keys: [{fields: [zip], split_by: [surname]}]}\n`, 'c.yaml');
  assert.throws(
    () => checkConfigColumns(config, ['zip', 'name', 'city'], 'c.yaml', 'people.csv'),
    (e: unknown) => {
      assert.ok(e instanceof KindredError);
      assert.deepStrictEqual(e.details, [
        { path: 'blocking.keys[0].split_by[0].field', message: '"surname" is not a column of people.csv; available columns: zip, name, city' },
      ]);
      return true;
    },
  );
});
