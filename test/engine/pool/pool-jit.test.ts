/** Pool threads compile their hot functions on their own thread when the pool takes every core: the flag is set before the pool's threads start, and `thread-jit` in KINDRED_OPTIMISATIONS_OFF or a smaller pool sets it back. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { compileOnPoolThreads } from '../../../src/engine/pool-jit.js';
import { REPO_ROOT } from '../../../bench/lib/repo-paths.js';

test('a pool that takes every core compiles in line, unless switched off; a smaller one leaves a core to the background compiler', () => {
  const set: string[] = [];
  const push = (f: string): number => set.push(f);
  assert.equal(compileOnPoolThreads(2, {}, push, 2), true);
  assert.equal(compileOnPoolThreads(8, {}, push, 4), true);
  assert.equal(compileOnPoolThreads(2, { KINDRED_OPTIMISATIONS_OFF: 'prune,thread-jit' }, push, 2), false);
  assert.equal(compileOnPoolThreads(1, {}, push, 2), false);
  // Only what it switched off is switched back: once, then nothing.
  assert.deepEqual(set, ['--no-concurrent-recompilation', '--no-concurrent-recompilation', '--concurrent-recompilation']);
});

// A child process that opens and closes a WorkerPool, then starts a thread
// that asks V8 to optimise a function concurrently and reports, right after
// the call, whether its optimised code is already installed (V8's status
// bit 16). Compiled on the thread itself it always is. Handed to a
// background compiler it usually is not yet, but under load the compile
// can finish first, so the other side (switched off, or a pool that leaves
// a core free) is checked by the flag it sets (the first test), not here.
const probeSource = (workers: number): string => `
const { WorkerPool } = await import(${JSON.stringify(pathToFileURL(join(REPO_ROOT, 'dist', 'src', 'engine', 'worker-pool.js')).href)});
const { Worker } = await import('node:worker_threads');
const pool = new WorkerPool({ workers: ${workers} });
await pool.run('planScore', { passes: [], workers: ${workers} });
await pool.close();
const thread = new Worker(\`
  function f(x) { let s = 0; for (let i = 0; i < 100; i++) s += x * i; return s; }
  %PrepareFunctionForOptimization(f); f(1); f(2);
  %OptimizeFunctionOnNextCall(f, 'concurrent'); f(3);
  const optimised = (%GetOptimizationStatus(f) & 16) !== 0;
  import('node:worker_threads').then((w) => w.parentPort.postMessage(optimised));\`, { eval: true });
thread.on('message', (optimised) => process.stdout.write(optimised ? 'optimised' : 'not yet'));
`;

function probe(workers: number, env: NodeJS.ProcessEnv): string {
  const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', probeSource(workers)], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test('a thread started after a pool of one thread per core has compiled its function by the time the call returns', () => {
  assert.equal(probe(os.availableParallelism(), { KINDRED_OPTIMISATIONS_OFF: '' }), 'optimised');
});
