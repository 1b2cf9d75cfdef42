/** The shared task queue of the score phase: two workers claiming tasks give exactly the pairs of scoring every task in order on one thread, and segments are merged back in task order. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { runMatching, type MatchRun, type PairList } from '../../../src/engine/run.js';
import { planPass } from '../../../src/engine/scoring/pair-plan.js';
import { mergeInTaskOrder, scoreTasks } from '../../../src/engine/scoring/score-phase.js';
import { scoreQueue, type QueuedPairs } from '../../../src/engine/scoring/score-queue.js';
import { scorePairs } from '../../../src/engine/scoring/score-task.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { PERSON_CONFIG } from './person-config.js';
import { peopleStore, syntheticPeople } from './synthetic-people.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());


let run: MatchRun;
before(async () => {
  run = await runMatching(peopleStore(syntheticPeople(3000, 17)), PERSON_CONFIG, pool);
});

function rows(p: PairList): string[] {
  const out: string[] = [];
  for (let i = 0; i < p.count; i++) out.push(`${p.a[i]}-${p.b[i]} ${p.score[i]} ${p.flags[i]}`);
  return out;
}

test('two workers draining the queue return, in task order, exactly what scoring the tasks one by one returns', async () => {
  // Small tasks: many more than workers, so both claim several.
  const tasks = run.index.passes.flatMap((p, i) => planPass(i, p.starts, p.handle.groups, 5_000));
  assert.ok(tasks.length > 20, `${tasks.length} tasks`);
  const progress: number[] = [];
  const queued = await scoreTasks(pool, run.handle, tasks, { onProgress: (done) => progress.push(done) });

  const expected: string[] = [];
  let scored = 0;
  for (const task of tasks) {
    const part = scorePairs({ run: run.handle, task });
    scored += part.scored;
    for (let i = 0; i < part.count; i++) expected.push(`${part.a[i]}-${part.b[i]} ${part.score[i]} ${part.flags[i]}`);
  }
  assert.ok(expected.length > 100, `only ${expected.length} kept pairs`);
  assert.deepEqual(rows(queued.pairs), expected);
  assert.equal(queued.scored, scored);
  assert.equal(queued.scored, run.candidatePairs);
  assert.equal(progress.at(-1), tasks.reduce((s, t) => s + t.pairs, 0), 'the last progress report is the total');
});

test('the queue hands out the last planned task first (the first pass\'s cheap tasks end the phase)', () => {
  const tasks = run.index.passes.flatMap((p, i) => planPass(i, p.starts, p.handle.groups, 5_000));
  const alone = scoreQueue({ run: run.handle, tasks, next: new SharedArrayBuffer(4), donePairs: new SharedArrayBuffer(8) });
  assert.deepEqual([...alone.tasks], tasks.map((_, k) => tasks.length - 1 - k));
  assert.equal(tasks.at(-1)?.pass, run.index.passes.length - 1);
});

function part(tasks: number[], counts: number[], firstRow: number): QueuedPairs {
  const count = counts.reduce((s, c) => s + c, 0);
  const a = Int32Array.from({ length: count }, (_, i) => firstRow + i);
  return {
    tasks: Int32Array.from(tasks),
    counts: Int32Array.from(counts),
    a,
    b: a.map((x) => x + 1000),
    score: Float64Array.from(a, (x) => x / 1000),
    flags: Uint8Array.from(a, (x) => x & 0x7f),
    count,
    scored: count,
  };
}

test('segments are merged by task index, not by worker, including empty tasks and a worker that claimed nothing', () => {
  // Worker 0 scored tasks 2 and 0 (rows 100.. and 102..), worker 1 tasks 1 and 3 (rows 200..); task 3 kept nothing.
  const w0 = part([2, 0], [2, 3], 100);
  const w1 = part([1, 3], [1, 0], 200);
  const idle = part([], [], 0);
  const merged = mergeInTaskOrder([w0, idle, w1], 4);
  assert.equal(merged.count, 6);
  assert.deepEqual([...merged.a], [102, 103, 104, 200, 100, 101]);
  assert.deepEqual([...merged.b], [1102, 1103, 1104, 1200, 1100, 1101]);
  assert.deepEqual([...merged.score], [0.102, 0.103, 0.104, 0.2, 0.1, 0.101]);
  assert.deepEqual([...merged.flags], [102, 103, 104, 200 & 0x7f, 100, 101]);
});

test('kept pairs come back on shared memory, so no thread hand-over copies them', async () => {
  for (const arr of [run.pairs.a, run.pairs.b, run.pairs.score, run.pairs.flags]) assert.ok(arr.buffer instanceof SharedArrayBuffer);
  const tasks = run.index.passes.flatMap((p, i) => planPass(i, p.starts, p.handle.groups, 5_000));
  const queued = await scoreTasks(pool, run.handle, tasks);
  assert.ok(queued.pairs.a.buffer instanceof SharedArrayBuffer);
  assert.deepEqual(rows(queued.pairs), rows(run.pairs), 'merged in a worker, the same pairs in the same order');
});
