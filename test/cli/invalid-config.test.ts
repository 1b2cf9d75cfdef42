/** An invalid configuration exits 2 before matching, naming the file, the key path and what was expected. */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cliTempDir, runCli } from './run-cli.js';

const tmp = cliTempDir();
after(tmp.remove);

function configFile(name: string, text: string): string {
  const path = join(tmp.dir, name);
  writeFileSync(path, text);
  return path;
}

test('a wrong type exits 2 naming the file and the key path', async () => {
  const path = configFile(
    'bad-threshold.yaml',
    'matchkeys:\n  - name: p\n    type: weighted\n    threshold: high\n    fields:\n      - {field: surname, scorer: jaro_winkler}\nblocking:\n  keys:\n    - fields: [postcode]\n',
  );
  const r = await runCli(['dedupe', '--file', 'data/people-200.csv', '--config', path]);
  assert.equal(r.code, 2);
  assert.ok(r.stderr.includes(path), r.stderr);
  assert.match(r.stderr, /matchkeys\[0\]\.threshold/);
  assert.match(r.stderr, /"high"/);
  // Nothing was loaded: the configuration fails before the CSV is read.
  assert.doesNotMatch(r.stderr, /kindred: load/);
  assert.equal(r.stdout, '');
});

test('a YAML syntax error exits 2 naming the file and the line', async () => {
  const path = configFile('syntax.yaml', 'matchkeys:\n  - name: p\n    type: [weighted\n');
  const r = await runCli(['dedupe', '--file', 'data/people-200.csv', '--config', path]);
  assert.equal(r.code, 2);
  assert.ok(r.stderr.includes(path), r.stderr);
  assert.match(r.stderr, /line \d+/);
});

test('an unknown scorer exits 2 naming the key path and the known scorers', async () => {
  const path = configFile(
    'bad-scorer.yaml',
    'matchkeys:\n  - name: p\n    type: weighted\n    fields:\n      - {field: surname, scorer: jaro_winklr}\nblocking:\n  keys:\n    - fields: [postcode]\n',
  );
  const r = await runCli(['evaluate', '--file', 'data/people-200.csv', '--truth', 'data/people-200-truth.csv', '--config', path]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /matchkeys\[0\]\.fields\[0\]\.scorer/);
  assert.match(r.stderr, /jaro_winkler/);
});

test('a field that is not a column of the file exits 2 naming the field and the file', async () => {
  const path = configFile(
    'bad-column.yaml',
    'matchkeys:\n  - name: p\n    type: weighted\n    fields:\n      - {field: surnme, scorer: jaro_winkler}\nblocking:\n  keys:\n    - fields: [postcode]\n',
  );
  const r = await runCli(['dedupe', '--file', 'data/people-200.csv', '--config', path, '--quiet']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /surnme/);
  assert.match(r.stderr, /people-200\.csv/);
  assert.match(r.stderr, /matchkeys\[0\]\.fields\[0\]\.field/);
});

test('serve refuses a field that is not a column before it binds: exit 2 naming the key path and the file', async () => {
  const path = configFile(
    'serve-bad-column.yaml',
    'matchkeys:\n  - name: p\n    type: weighted\n    fields:\n      - {field: surnme, scorer: jaro_winkler}\nblocking:\n  keys:\n    - fields: [postcode]\n',
  );
  const r = await runCli(['serve', '--file', 'data/people-200.csv', '--config', path, '--port', '0', '--state', tmp.dir]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /matchkeys\[0\]\.fields\[0\]\.field: "surnme" is not a column of data\/people-200\.csv/);
  assert.doesNotMatch(r.stderr, /listening on/, 'no port was bound');
});
