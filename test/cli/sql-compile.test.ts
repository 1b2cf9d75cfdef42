/** `kindred sql --dialect` prints the compiled script (and trains probabilistic matchkeys on --sample); without --dialect, `kindred sql` and its boolean --table work as before; bad compile options are usage errors. */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cliTempDir, repoPath, runCli } from './run-cli.js';

const tmp = cliTempDir();
after(tmp.remove);

test('--dialect spark prints the script that equals its golden file', async () => {
  const r = await runCli(['sql', '--dialect', 'spark', '--config', 'bench/workloads/tight.yaml', '--table', 'crm.people', '--id', 'record_id']);
  assert.equal(r.code, 0, r.stderr);
  // The golden file was made with the configuration label tight.yaml (test/sql/golden.test.ts).
  assert.equal(r.stdout.replaceAll('bench/workloads/tight.yaml', 'tight.yaml'), readFileSync(repoPath('test/sql/golden/tight-spark.sql'), 'utf8'));
});

test('--sample trains a probabilistic matchkey and writes its weights into the SQL', async () => {
  const config = join(tmp.dir, 'fs.yaml');
  writeFileSync(
    config,
    `matchkeys:
  - name: fs
    type: probabilistic
    fields:
      - {field: surname, scorer: levenshtein}
      - {field: date_of_birth, scorer: exact}
blocking: {keys: [{fields: [postcode]}]}
`,
  );
  const without = await runCli(['sql', '--dialect', 'trino', '--config', config, '--table', 'hive.crm.people', '--id', 'rec_id']);
  assert.equal(without.code, 2);
  assert.match(without.stderr, /matchkeys\[0\] \(fs\): a probabilistic matchkey needs its trained parameters .*\(kindred sql --sample <csv> trains them/);
  const r = await runCli(['sql', '--dialect', 'trino', '--config', config, '--table', 'hive.crm.people', '--id', 'rec_id', '--sample', 'data/people-200.csv', '--workers', '2']);
  assert.equal(r.code, 0, r.stderr);
  // The date of birth (exact, 2 levels): a disagreement weight below 0 and an agreement weight above it.
  assert.match(r.stdout, /CASE \(CASE WHEN s1 >= [\d.]+e0 THEN 1 ELSE 0 END\) WHEN 0 THEN -[\d.]+e0 WHEN 1 THEN [\d.]+e0 END/);
});

test('usage errors: unknown dialect, missing --table, repeated --dialect, a bad prefix', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['--dialect', 'oracle', '--config', 'bench/workloads/tight.yaml', '--table', 't'], /--dialect must be one of duckdb, spark, trino, bigquery, got "oracle"/],
    [['--dialect', 'duckdb', '--config', 'bench/workloads/tight.yaml'], /--table is required/],
    [['--dialect', 'duckdb', '--dialect', 'spark', '--config', 'bench/workloads/tight.yaml', '--table', 't'], /--dialect is given twice/],
    [['--dialect', 'duckdb', '--config', 'bench/workloads/tight.yaml', '--table', 't', '--prefix', 'x-y'], /--prefix must be letters, digits and underscores/],
  ];
  const results = await Promise.all(cases.map(([args]) => runCli(['sql', ...args])));
  results.forEach((r, i) => {
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, cases[i][1]);
  });
});

test('without --dialect, kindred sql still queries the state database and --table is the table format', async () => {
  const r = await runCli(['sql', '--file', 'data/people-200.csv', '--state', join(tmp.dir, 'state'), '--table', 'SELECT 1 AS one']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^one\n---\n1\n$/);
});
