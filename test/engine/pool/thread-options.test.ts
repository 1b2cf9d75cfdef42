/** Threads start with the parent's flags they accept and its heap sizes as resource limits: `node --max-old-space-size=… kindred …` runs instead of crashing at its first pool. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { threadOptions } from '../../../src/engine/thread-options.js';
import { REPO_ROOT } from '../../../bench/lib/repo-paths.js';

test('heap sizes become resource limits, flags a thread refuses stay with the main thread, the rest pass through', () => {
  assert.deepEqual(threadOptions(['--max-old-space-size=8192', '--enable-source-maps']), {
    execArgv: ['--enable-source-maps'],
    resourceLimits: { maxOldGenerationSizeMb: 8192 },
  });
  assert.deepEqual(threadOptions(['--max_semi_space_size=16', '--expose-gc', '--stack-size=2000']), {
    execArgv: [],
    resourceLimits: { maxYoungGenerationSizeMb: 48 },
  });
  assert.deepEqual(threadOptions([]), { execArgv: [], resourceLimits: {} });
});

test('a flag and its value stand or fall together; all are asked about at once first', () => {
  const asked: string[][] = [];
  const accepts = (flags: readonly string[]): boolean => {
    asked.push([...flags]);
    return !flags.includes('--refused');
  };
  const out = threadOptions(['--import', 'loader.js', '--refused', '--conditions', 'dev', '--max-old-space-size=512'], accepts);
  assert.deepEqual(out.execArgv, ['--import', 'loader.js', '--conditions', 'dev']);
  assert.deepEqual(out.resourceLimits, { maxOldGenerationSizeMb: 512 });
  assert.deepEqual(asked[0], ['--import', 'loader.js', '--refused', '--conditions', 'dev']);
  assert.deepEqual(asked.slice(1), [['--import', 'loader.js'], ['--refused'], ['--conditions', 'dev']]);
  assert.deepEqual(threadOptions(['--a', '--b'], accepts), { execArgv: ['--a', '--b'], resourceLimits: {} });
});

test('kindred dedupe under node --max-old-space-size and --expose-gc runs, zero-config controller thread included', () => {
  const cli = join(REPO_ROOT, 'dist', 'src', 'cli', 'main.js');
  const file = join(REPO_ROOT, 'data', 'server-fixture.csv');
  const r = spawnSync(process.execPath, ['--max-old-space-size=2048', '--max-semi-space-size=32', '--expose-gc', cli, 'dedupe', '--file', file, '--exclude', 'rec_id', '--quiet'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^row_id,cluster_id\n0,/);
});
