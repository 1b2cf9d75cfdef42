/** Threads start with the parent's flags they accept: `node --max-old-space-size=… kindred …` runs instead of crashing at its first pool. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { threadArgv } from '../../../src/engine/thread-options.js';
import { REPO_ROOT } from '../../../bench/lib/repo-paths.js';

test('flags a thread refuses (V8 flags) stay with the main thread; the rest pass through', () => {
  assert.deepEqual(threadArgv(['--max-old-space-size=8192', '--enable-source-maps']), ['--enable-source-maps']);
  assert.deepEqual(threadArgv(['--max_semi_space_size=16', '--expose-gc', '--stack-size=2000']), []);
  assert.deepEqual(threadArgv([]), []);
});

test('a flag and its value stand or fall together; all are asked about at once first', () => {
  const asked: string[][] = [];
  const accepts = (flags: readonly string[]): boolean => {
    asked.push([...flags]);
    return !flags.includes('--refused');
  };
  assert.deepEqual(threadArgv(['--import', 'loader.js', '--refused', '--conditions', 'dev'], accepts), ['--import', 'loader.js', '--conditions', 'dev']);
  assert.deepEqual(asked[0], ['--import', 'loader.js', '--refused', '--conditions', 'dev']);
  assert.deepEqual(asked.slice(1), [['--import', 'loader.js'], ['--refused'], ['--conditions', 'dev']]);
  assert.deepEqual(threadArgv(['--a', '--b'], accepts), ['--a', '--b']);
});

test('kindred dedupe under node --max-old-space-size and --expose-gc runs, zero-config controller thread included', () => {
  const cli = join(REPO_ROOT, 'dist', 'src', 'cli', 'main.js');
  const file = join(REPO_ROOT, 'data', 'server-fixture.csv');
  const r = spawnSync(process.execPath, ['--max-old-space-size=2048', '--max-semi-space-size=32', '--expose-gc', cli, 'dedupe', '--file', file, '--exclude', 'rec_id', '--quiet'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^row_id,cluster_id\n0,/);
});
