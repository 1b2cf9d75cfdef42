/** `kindred dedupe --engine duckdb` writes the same clusters as the worker-pool engine, reports its phases, and refuses what it cannot do with the reason. */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cliTempDir, runCli } from './run-cli.js';

const tmp = cliTempDir();
after(tmp.remove);

const ARGS = ['--file', 'data/people-200.csv', '--config', 'bench/workloads/tight.yaml', '--workers', '2'];

test('same output as --engine pool; phases on stderr; the spill folder it made is removed', async () => {
  const pool = join(tmp.dir, 'pool.csv');
  const duck = join(tmp.dir, 'duck.csv');
  const spill = join(tmp.dir, 'spill');
  const a = await runCli(['dedupe', ...ARGS, '--out', pool]);
  assert.equal(a.code, 0, a.stderr);
  const b = await runCli(['dedupe', ...ARGS, '--engine', 'duckdb', '--memory-limit', '512MB', '--temp-dir', spill, '--out', duck]);
  assert.equal(b.code, 0, b.stderr);
  assert.equal(readFileSync(duck, 'utf8'), readFileSync(pool, 'utf8'));
  for (const phase of ['prepare', 'block', 'score', 'cluster', 'write']) assert.match(b.stderr, new RegExp(`kindred: ${phase}\\s`));
  assert.match(b.stderr, /candidate_pairs=144 /);
  assert.equal(existsSync(spill), false);
});

test('a spill folder that already existed is left in place', async () => {
  const r = await runCli(['dedupe', ...ARGS, '--engine', 'duckdb', '--temp-dir', tmp.dir, '--out', join(tmp.dir, 'x.csv'), '--quiet']);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(readdirSync(tmp.dir).includes('x.csv'));
});

const REFUSED: Array<[string, string[], RegExp]> = [
  ['an unknown engine', ['--engine', 'spark'], /--engine must be one of pool, duckdb, got "spark"/],
  ['--memory-limit without duckdb', ['--memory-limit', '4GB'], /--memory-limit applies to --engine duckdb only/],
  ['--temp-dir without duckdb', ['--temp-dir', '/tmp'], /--temp-dir applies to --engine duckdb only/],
  ['a malformed size', ['--engine', 'duckdb', '--memory-limit', 'lots'], /--memory-limit must be a size such as 4GB or 512MB, got "lots"/],
  ['--engine twice', ['--engine', 'duckdb', '--engine', 'pool'], /--engine is given twice/],
  ['--with-records', ['--engine', 'duckdb', '--with-records'], /--engine duckdb does not take --with-records/],
  ['--lenient', ['--engine', 'duckdb', '--lenient'], /--engine duckdb does not take --lenient/],
];
test('refused with exit 2 and the reason, before any work', async () => {
  const results = await Promise.all(REFUSED.map(([, extra]) => runCli(['dedupe', ...ARGS, ...extra])));
  results.forEach((r, i) => {
    const [what, , message] = REFUSED[i];
    assert.equal(r.code, 2, `${what}: ${r.stderr}`);
    assert.match(r.stderr, message, what);
    assert.equal(r.stdout, '', what);
  });
});

test('refused: no --config, and two files', async () => {
  const none = await runCli(['dedupe', '--file', 'data/people-200.csv', '--engine', 'duckdb']);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /--engine duckdb needs --config/);
  const two = await runCli(['dedupe', ...ARGS, '--file', 'data/people-200.csv', '--engine', 'duckdb']);
  assert.equal(two.code, 2);
  assert.match(two.stderr, /--engine duckdb reads one file/);
});

test('a configuration naming a column the file lacks is a config error naming it', async () => {
  const csv = join(tmp.dir, 'other.csv');
  writeFileSync(csv, 'surname,city\nsmith,york\n');
  const r = await runCli(['dedupe', '--file', csv, '--config', 'bench/workloads/tight.yaml', '--engine', 'duckdb']);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /"given_name" is not a column of .*other.csv/);
});
