/** The row records filled while passes are still being built score exactly as records filled at the start of the score phase; a run with probabilistic matchkeys fills no shared records and scores as before. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { parseConfigText } from '../../../src/config/load.js';
import { runMatching, type MatchRun } from '../../../src/engine/run.js';
import type { PairTask } from '../../../src/engine/scoring/pair-plan.js';
import { scoreTasks, shareRowRecords } from '../../../src/engine/scoring/score-phase.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { PERSON_CONFIG } from './person-config.js';
import { spyPool } from './spy-pool.js';
import { peopleStore, syntheticPeople } from './synthetic-people.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

const store = peopleStore(syntheticPeople(2000, 11));

// The score tasks a run planned, planned again for a scoreTasks call of the test's own.
const plannedTasks = async (run: MatchRun): Promise<PairTask[]> => (await pool.run('planScore', { passes: run.index.passes.map((p) => p.layout), workers: pool.size })).tasks;

test('a run, whose records are filled as soon as its fields are prepared, keeps the pairs and scores of records filled in the score phase', async () => {
  const run = await runMatching(store, PERSON_CONFIG, pool);
  const tasks = await plannedTasks(run);
  // A fresh run id: the workers open it anew, so nothing is reused from the run above.
  const handle = { ...run.handle, runId: crypto.randomUUID() };
  const late = await scoreTasks(pool, handle, tasks);
  assert.ok(late.pairs.count > 100, `${late.pairs.count} kept pairs`);
  assert.equal(run.candidatePairs, late.scored);
  assert.deepEqual(Array.from(run.pairs.a), Array.from(late.pairs.a));
  assert.deepEqual(Array.from(run.pairs.b), Array.from(late.pairs.b));
  assert.deepEqual(Array.from(run.pairs.score), Array.from(late.pairs.score));
  assert.deepEqual(Array.from(run.pairs.flags), Array.from(late.pairs.flags));
  // And records handed in already filled are the ones scored from.
  const early = { ...run.handle, runId: crypto.randomUUID() };
  const given = await scoreTasks(pool, early, tasks, { records: shareRowRecords(pool, early) });
  assert.deepEqual(Array.from(given.pairs.score), Array.from(late.pairs.score));
});

test('records handed in of the wrong size are refused, not read', async () => {
  const run = await runMatching(store, PERSON_CONFIG, pool);
  const tasks = await plannedTasks(run);
  const handle = { ...run.handle, runId: crypto.randomUUID() };
  await assert.rejects(scoreTasks(pool, handle, tasks, { records: Promise.resolve(new SharedArrayBuffer(4 * 7)) }), /row records hold 7 ids/);
});

test('with a probabilistic matchkey, the run trains first and scores the same as before the change (records filled after training)', async () => {
  const config = parseConfigText(
    `matchkeys:
  - name: person
    type: probabilistic
    threshold: 0.9
    fields:
      - {field: given_name, scorer: jaro_winkler}
      - {field: surname, scorer: jaro_winkler}
      - {field: dob, scorer: exact}
blocking:
  keys:
    - fields: [surname]
    - fields: [dob]
`,
    'probabilistic.yaml',
  );
  const run = await runMatching(store, config, pool);
  assert.ok(run.training.person?.converged !== undefined, 'trained');
  const tasks = await plannedTasks(run);
  const again = await scoreTasks(pool, { ...run.handle, runId: crypto.randomUUID() }, tasks);
  assert.ok(again.pairs.count > 0);
  assert.deepEqual(Array.from(run.pairs.score), Array.from(again.pairs.score));
});

test('the row records are filled while a pass is still being built: the fill waits only for the prepared fields', async () => {
  // The last pass's build is held until the records are filled (or two seconds pass, and the test fails).
  let filledRecords!: () => void;
  const recordsFilled = new Promise<void>((resolve) => (filledRecords = resolve));
  let builds = 0;
  let fills = 0;
  const order: string[] = [];
  const passes = PERSON_CONFIG.blocking.keys.length;
  const spy = spyPool(pool, (name, _input, ran) => {
    if (name === 'fillRowRecords') {
      return ran.then((v) => {
        if (++fills === pool.size) {
          order.push('records filled');
          filledRecords();
        }
        return v;
      });
    }
    if (name === 'buildPass' && ++builds === passes) {
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, 2000).unref());
      return ran.then((v) => Promise.race([recordsFilled, timeout]).then(() => (order.push('last pass built'), v)));
    }
    return ran;
  });
  const run = await runMatching(store, PERSON_CONFIG, spy.pool);
  assert.equal(builds, passes, `${builds} pass builds`);
  assert.deepEqual(order, ['records filled', 'last pass built']);
  const plain = await runMatching(store, PERSON_CONFIG, pool);
  assert.deepEqual(Array.from(run.pairs.score), Array.from(plain.pairs.score));
  assert.equal(spy.inFlight(), 0);
});
