/** Cancelling a run: an aborted signal stops runMatching between phases and stops scoring after the tasks in hand, and leaves the pool fit for the next run. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { runMatching, type MatchRun, type PhaseReport } from '../../../src/engine/run.js';
import { planPass } from '../../../src/engine/scoring/pair-plan.js';
import { scoreTasks } from '../../../src/engine/scoring/score-phase.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { PERSON_CONFIG } from './person-config.js';
import { spyPool } from './spy-pool.js';
import { peopleStore, syntheticPeople } from './synthetic-people.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

const store = peopleStore(syntheticPeople(2000, 5));
const REASON = new Error('stop here');

let reference: MatchRun;
before(async () => {
  reference = await runMatching(store, PERSON_CONFIG, pool);
});

const sameResult = (x: MatchRun, y: MatchRun): void => {
  assert.equal(x.pairs.count, y.pairs.count);
  assert.deepEqual(Array.from(x.pairs.score), Array.from(y.pairs.score));
  assert.deepEqual(Array.from(x.clusterOf), Array.from(y.clusterOf));
};

test('a signal aborted before the call rejects with its reason before any phase runs', async () => {
  const phases: string[] = [];
  await assert.rejects(
    runMatching(store, PERSON_CONFIG, pool, { signal: AbortSignal.abort(REASON), onPhase: (r) => phases.push(r.phase) }),
    (e: unknown) => e === REASON,
  );
  assert.deepEqual(phases, []);
});

test('an abort during blocking stops the run before scoring, and the pool then gives the uncancelled result', async () => {
  const stop = new AbortController();
  const phases: PhaseReport['phase'][] = [];
  const onPhase = (r: PhaseReport): void => {
    phases.push(r.phase);
    if (r.phase === 'block') stop.abort(REASON);
  };
  await assert.rejects(runMatching(store, PERSON_CONFIG, pool, { signal: stop.signal, onPhase }), (e: unknown) => e === REASON);
  assert.deepEqual(phases, ['prepare', 'block']);
  sameResult(await runMatching(store, PERSON_CONFIG, pool), reference);
});

test('a run stopped as blocking ends leaves no task of its own on the pool: the row records started beside the plan are waited for', async () => {
  const stop = new AbortController();
  // The fill is made to outlast the plan, so a run that did not wait for it would reject first.
  const spy = spyPool(pool, (name, _input, ran) => (name === 'fillRowRecords' ? ran.then((v) => new Promise((resolve) => setTimeout(() => resolve(v), 100))) : ran));
  const onPhase = (r: PhaseReport): void => {
    if (r.phase === 'block') stop.abort(REASON);
  };
  await assert.rejects(runMatching(store, PERSON_CONFIG, spy.pool, { signal: stop.signal, onPhase }), (e: unknown) => e === REASON);
  assert.ok(spy.started.includes('fillRowRecords'), spy.started.join(', '));
  assert.equal(spy.inFlight(), 0, 'tasks still running after the run rejected');
});

test('an abort while tasks are being scored stops the workers claiming tasks, rejects, and the same tasks then score in full', async () => {
  // Many small tasks, so the workers are still claiming when the abort lands.
  const tasks = reference.index.passes.flatMap((p, i) => planPass(i, p.starts, p.handle.groups, 500));
  assert.ok(tasks.length > 50, `${tasks.length} tasks`);
  // A pool that lets every call through, keeps what the scoring workers
  // return, and aborts as the first worker is handed the queue (after the
  // row records are filled, while no task is claimed yet).
  const claimed: number[] = [];
  const stop = new AbortController();
  const spy = {
    size: pool.size,
    run: ((name: string, input: unknown) => {
      const out = (pool.run as (n: string, i: unknown) => Promise<unknown>)(name, input).then((result) => {
        if (name === 'scoreQueue') claimed.push((result as { tasks: Int32Array }).tasks.length);
        return result;
      });
      if (name === 'scoreQueue') stop.abort(REASON);
      return out;
    }) as WorkerPool['run'],
  } as WorkerPool;
  const scoring = scoreTasks(spy, reference.handle, tasks, { signal: stop.signal });
  await assert.rejects(scoring, (e: unknown) => e === REASON);
  assert.equal(claimed.length, pool.size, 'every worker returned');
  const total = claimed.reduce((x, y) => x + y, 0);
  // Without the abort draining the queue the workers would score all of them.
  assert.ok(total < tasks.length / 2, `${total} of ${tasks.length} tasks scored after the abort`);
  const full = await scoreTasks(pool, reference.handle, tasks);
  assert.equal(full.pairs.count, reference.pairs.count);
  assert.deepEqual(Array.from(full.pairs.score), Array.from(reference.pairs.score));
});

test('an abort while the row records are being filled rejects before any worker is handed the queue', async () => {
  const tasks = reference.index.passes.flatMap((p, i) => planPass(i, p.starts, p.handle.groups, 500));
  const calls: string[] = [];
  const stop = new AbortController();
  const spy = {
    size: pool.size,
    run: ((name: string, input: unknown) => {
      calls.push(name);
      if (name === 'fillRowRecords') stop.abort(REASON);
      return (pool.run as (n: string, i: unknown) => Promise<unknown>)(name, input);
    }) as WorkerPool['run'],
  } as WorkerPool;
  await assert.rejects(scoreTasks(spy, reference.handle, tasks, { signal: stop.signal }), (e: unknown) => e === REASON);
  assert.ok(calls.includes('fillRowRecords'), calls.join(', '));
  assert.ok(!calls.includes('scoreQueue'), calls.join(', '));
});
