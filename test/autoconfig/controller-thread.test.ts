import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../../bench/lib/repo-paths.js';
import { runController, type ControllerOptions, type ControllerResult } from '../../src/autoconfig/controller.js';
import { runControllerInThread } from '../../src/autoconfig/controller-thread.js';
import { PROBE_THRESHOLD_RULE } from '../../src/autoconfig/probe-threshold.js';
import type { Telemetry } from '../../src/autoconfig/telemetry-schema.js';
import type { ColumnStore } from '../../src/data/column-store.js';
import { ingestCsv } from '../../src/data/ingest.js';
import { WorkerPool } from '../../src/engine/worker-pool.js';
import { KindredError } from '../../src/errors/registry.js';
import { table } from './fixtures.js';

// The same decisions wherever the controller runs: on the calling thread (runController) or in its own (runControllerInThread).

const PEOPLE = join(REPO_ROOT, 'data', 'people-200.csv');
// Splink's fake_1000 (MIT, ../shared/data), truth columns dropped: its runs fire rules, and the probe step, that people-200's do not.
const FAKE_1000 = join(REPO_ROOT, '..', 'shared', 'data', 'splink_fake_1000', 'records.csv');

/** Telemetry without its wall-time fields, the only ones allowed to differ between runs. */
function timeless(t: Telemetry): unknown {
  return { ...t, elapsed_ms: 0, decisions: (t.decisions ?? []).map((d) => ({ ...d, wall_clock_ms: 0 })) };
}

/** Both ways on one pool, the thread's first; each with the progress calls it made. */
async function bothWays(store: ColumnStore, pool: WorkerPool, options: Omit<ControllerOptions, 'source' | 'onProgress'>) {
  const run = async (how: typeof runController): Promise<{ result: ControllerResult; ticks: string[] }> => {
    const ticks: string[] = [];
    const result = await how(store, pool, { source: 'test', ...options, onProgress: (done, total) => ticks.push(`${done}/${total}`) });
    return { result, ticks };
  };
  const inThread = await run(runControllerInThread);
  const here = await run(runController);
  return { inThread, here };
}

function assertSame(a: ControllerResult, b: ControllerResult): void {
  assert.deepStrictEqual(a.config, b.config);
  assert.deepStrictEqual(timeless(a.telemetry), timeless(b.telemetry));
}

test('in its own thread the controller commits the same configuration and telemetry, with the same progress calls', async (t) => {
  const pool = new WorkerPool({ workers: 2 });
  try {
    const people = (await ingestCsv(PEOPLE, pool)).store;
    const a = await bothWays(people, pool, { exclude: ['rec_id'] });
    assertSame(a.inThread.result, a.here.result);
    assert.ok((a.here.result.telemetry.decisions ?? []).length > 0, 'rules fired');
    assert.deepStrictEqual(a.inThread.ticks, a.here.ticks);
    if (!existsSync(FAKE_1000)) return t.skip('../shared/data/splink_fake_1000 is not present');
    const fake = (await ingestCsv(FAKE_1000, pool)).store;
    // A small sample makes the controller work on a block sample, as at a million rows.
    const b = await bothWays(fake, pool, { exclude: ['unique_id', 'cluster'], sampleSize: 600 });
    assertSame(b.inThread.result, b.here.result);
    assert.deepStrictEqual(b.inThread.ticks, b.here.ticks);
  } finally {
    await pool.close();
  }
});

test('the probe-threshold step decides the same in the thread (fake_1000 with most e-mails blanked)', async (t) => {
  if (!existsSync(FAKE_1000)) return t.skip('../shared/data/splink_fake_1000 is not present');
  const pool = new WorkerPool({ workers: 2 });
  try {
    const fake = (await ingestCsv(FAKE_1000, pool)).store;
    const names = fake.names.filter((n) => n !== 'unique_id' && n !== 'cluster');
    const rows = Array.from({ length: fake.rowCount }, (_, r) => names.map((n) => (n === 'email' && r % 5 < 2 ? null : fake.get(fake.names.indexOf(n), r))));
    const { inThread, here } = await bothWays(table(names, rows), pool, {});
    assertSame(inThread.result, here.result);
    assert.ok(here.result.telemetry.decisions?.some((d) => d.rule_name === PROBE_THRESHOLD_RULE), JSON.stringify(here.result.telemetry.decisions));
  } finally {
    await pool.close();
  }
});

test('an error of the controller reaches the caller as the same KindredError, and an abort as the signal reason', async () => {
  const pool = new WorkerPool({ workers: 2 });
  try {
    const one = table(['name'], [['ann']]);
    const here = await runController(one, pool, { source: 'test' }).catch((e: unknown) => e);
    const there = await runControllerInThread(one, pool, { source: 'test' }).catch((e: unknown) => e);
    assert.ok(here instanceof KindredError && there instanceof KindredError);
    assert.equal(there.code, here.code);
    assert.equal(there.message, here.message);

    const people = (await ingestCsv(PEOPLE, pool)).store;
    const stop = new AbortController();
    const reason = new Error('shutting down');
    const cancelled = runControllerInThread(people, pool, {
      source: 'test',
      exclude: ['rec_id'],
      signal: stop.signal,
      // Cancelled once it has started matching on the borrowed pool.
      onProgress: (done) => done === 0 && setTimeout(() => stop.abort(reason), 50),
    });
    await assert.rejects(cancelled, (e) => e === reason);
    // The pool serves the next caller as before.
    const after = await runControllerInThread(people, pool, { source: 'test', exclude: ['rec_id'] });
    assert.equal(after.telemetry.available, true);
  } finally {
    await pool.close();
  }
});
