/** Key tables are built for served runs only, on the pool, travel with the run's handles, and give workers (/match/batch) and the main thread the same matches. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ColumnStore } from '../../../src/data/column-store.js';
import { matchRecord } from '../../../src/engine/matching/match-records.js';
import { runMatching, type MatchRun } from '../../../src/engine/run.js';
import { PairScorer } from '../../../src/engine/scoring/pair-scorer.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { personConfig } from '../pipeline/person-config.js';
import { syntheticPeople } from '../pipeline/synthetic-people.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

const CONFIG = personConfig(
  ['{fields: [surname, {field: given_name, transforms: ["substring:0:1"]}]}', '{fields: [dob]}', '{fields: [zip, {field: surname, transforms: ["substring:0:2"]}]}'],
  0.75,
);

let run: MatchRun;
let records: Array<Record<string, string | null>>;

before(async () => {
  const people = syntheticPeople(800, 3);
  run = await runMatching(ColumnStore.fromRows(people.names, people.rows), CONFIG, pool);
  records = [];
  for (let r = 0; r < run.store.rowCount; r += 7) {
    const record = run.store.record(r);
    if (r % 2 === 0 && record.surname) record.surname = `${record.surname}e`;
    records.push(record);
  }
});

test('a plain run has no key tables; buildKeyTables puts one in every block pass and its handle', async () => {
  assert.ok(run.index.passes.every((p) => p.keyTable === null && p.handle.keyTable === null));
  // Workers open the run (as they do to score it) before it is served with tables.
  const early = await pool.run('matchBatch', { run: run.handle, records: records.slice(0, 5), topK: 5 });
  await run.index.buildKeyTables(pool);
  assert.ok(run.index.passes.every((p) => p.keyTable !== null && p.handle.keyTable !== null));
  assert.ok(run.handle.passes.every((h) => h.keyTable !== null), 'the run handle carries them to workers');
  const scorer = new PairScorer(run.config, (ref) => run.fields.get(ref));
  assert.deepEqual(early, records.slice(0, 5).map((r) => matchRecord(r, scorer, run.index, 5)));
});

test('workers match with the served tables exactly as the main thread does', async () => {
  const scorer = new PairScorer(run.config, (ref) => run.fields.get(ref));
  const expected = records.map((r) => matchRecord(r, scorer, run.index, 5));
  assert.ok(expected.filter((m) => m.length > 0).length > records.length / 2, 'most queries match');
  const half = Math.ceil(records.length / 2);
  const parts = await Promise.all([
    pool.run('matchBatch', { run: run.handle, records: records.slice(0, half), topK: 5 }),
    pool.run('matchBatch', { run: run.handle, records: records.slice(half), topK: 5 }),
  ]);
  assert.deepEqual(parts.flat(), expected);
});
