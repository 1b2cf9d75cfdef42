import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KindredError } from '../../src/errors/registry.js';
import { checkConfigColumns, loadConfigFile, parseConfigText } from '../../src/config/index.js';
import { EXAMPLE_YAML } from './example-paths.js';

const EXAMPLE_COLUMNS = ['rec_id', 'source', 'given_name', 'surname', 'name', 'dob', 'email', 'phone', 'zip', 'city'];

test('a configuration whose columns all exist passes', () => {
  assert.doesNotThrow(() => checkConfigColumns(loadConfigFile(EXAMPLE_YAML), EXAMPLE_COLUMNS, 'example.yaml'));
});

test('every missing column is reported at its key path with the available columns', () => {
  const config = loadConfigFile(EXAMPLE_YAML);
  const columns = EXAMPLE_COLUMNS.filter((c) => c !== 'surname' && c !== 'source' && c !== 'rec_id');
  const listed = columns.join(', ');
  assert.throws(
    () => checkConfigColumns(config, columns, 'example.yaml', 'people.csv'),
    (e: unknown) => {
      assert.ok(e instanceof KindredError);
      assert.equal(e.code, 'config_invalid');
      assert.equal(e.message, 'example.yaml: invalid configuration: columns not found in people.csv');
      assert.deepStrictEqual(e.details, [
        { path: 'matchkeys[2].fields[0].field', message: `"surname" is not a column of people.csv; available columns: ${listed}` },
        { path: 'blocking.keys[0].split_by[0].field', message: `"surname" is not a column of people.csv; available columns: ${listed}` },
        { path: 'blocking.keys[1].fields[0].field', message: `"surname" is not a column of people.csv; available columns: ${listed}` },
        { path: 'link.source_column', message: `"source" is not a column of people.csv; available columns: ${listed}` },
        { path: 'exclude_columns[0]', message: `"rec_id" is not a column of people.csv; available columns: ${listed}` },
      ]);
      return true;
    },
  );
});

test('column names are compared exactly, including case', () => {
  const config = parseConfigText('matchkeys: [{name: e, type: exact, fields: [Email]}]\n', 'c.yaml');
  assert.throws(() => checkConfigColumns(config, ['email'], 'c.yaml'), (e: unknown) => {
    assert.ok(e instanceof KindredError);
    assert.deepStrictEqual(e.details, [
      { path: 'matchkeys[0].fields[0].field', message: '"Email" is not a column of the loaded file; available columns: email' },
    ]);
    return true;
  });
});

test('negative evidence columns are checked too', () => {
  const config = parseConfigText('matchkeys: [{name: e, type: exact, fields: [email], negative_evidence: [{field: dob, scorer: exact}]}]\n', 'c.yaml');
  assert.throws(() => checkConfigColumns(config, ['email'], 'c.yaml'), (e: unknown) => {
    assert.ok(e instanceof KindredError);
    assert.equal(e.details?.[0].path, 'matchkeys[0].negative_evidence[0].field');
    return true;
  });
});
