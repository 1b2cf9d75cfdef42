/** PairScorer.useRowRecords changes where the hot loop reads row ids from, never a score: every path (weighted, exact matchkey, negative evidence, missing values) agrees with the per-field arrays, whether a worker copies the ids itself or the pool fills one shared copy by row ranges. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { parseConfigText } from '../../../src/config/index.js';
import { runMatching, type MatchRun } from '../../../src/engine/run.js';
import { PairScorer } from '../../../src/engine/scoring/pair-scorer.js';
import { fillRecordRows, rowRecordSlots, slotIdBuffers } from '../../../src/engine/scoring/row-records.js';
import type { RunHandle } from '../../../src/engine/scoring/score-task.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { prepareFields } from '../../../src/engine/fields/prepared-fields.js';
import { matchkeyFieldRefs } from '../../../src/engine/scoring/pair-scorer.js';
import { COLUMNS, randomTable, weightedConfigText, weightedSetup } from '../scoring/random-weighted-config.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { peopleStore, syntheticPeople } from './synthetic-people.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

// Two fields read the same prepared column (surname, plain) from two
// matchkeys, so they share a slot; another reads it with a transform.
const CONFIG = parseConfigText(
  `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    fields:
      - {field: given_name, scorer: jaro_winkler, weight: 1.0}
      - {field: surname, scorer: jaro_winkler, weight: 1.0}
      - {field: dob, scorer: exact, weight: 1.0}
      - {field: zip, scorer: exact, weight: 0.5}
      - {field: city, scorer: levenshtein, weight: 0.25}
    negative_evidence:
      - {field: state, scorer: exact, threshold: 0.5, penalty: 0.3}
  - name: same_dob_surname
    type: exact
    fields: [dob, surname]
  - name: initials
    type: weighted
    threshold: 0.9
    fields:
      - {field: surname, scorer: exact, weight: 1.0, transforms: ["substring:0:1"]}
      - {field: given_name, scorer: exact, weight: 1.0, transforms: ["substring:0:1"]}
blocking:
  keys:
    - fields: [state]
`,
  'records.yaml',
);

let run: MatchRun;
before(async () => {
  run = await runMatching(peopleStore(syntheticPeople(1500, 3)), CONFIG, pool);
});

/**
 * Scores a grid of row pairs (x every `stepX` rows, y after it every
 * `stepY`) with both scorers and asserts the same kept flag, score, decider
 * and match; returns how many pairs were kept.
 */
function sameScores(expected: PairScorer, actual: PairScorer, stepX: number, stepY: number, onPair?: (x: number, y: number) => void): number {
  const n = run.store.rowCount;
  let kept = 0;
  for (let x = 0; x < n; x += stepX) {
    for (let y = x + 1; y < n; y += stepY) {
      const k = expected.scoreRows(x, y);
      assert.equal(actual.scoreRows(x, y), k, `kept ${x}-${y}`);
      assert.equal(actual.score, expected.score, `score ${x}-${y}`);
      assert.equal(actual.decider, expected.decider, `decider ${x}-${y}`);
      assert.equal(actual.matched, expected.matched, `matched ${x}-${y}`);
      if (k) kept++;
      onPair?.(x, y);
    }
  }
  return kept;
}

test('scoreRows gives the same kept flag, score, decider and match with and without row records', () => {
  const plain = new PairScorer(run.config, (ref) => run.fields.get(ref));
  const records = new PairScorer(run.config, (ref) => run.fields.get(ref));
  records.useRowRecords();
  records.useRowRecords(); // a second call keeps the first copy
  let missing = 0;
  const city = run.fields.get({ field: 'city', transforms: [] }).ids;
  const kept = sameScores(plain, records, 7, 13, (x, y) => {
    if (city[x] < 0 || city[y] < 0) missing++;
  });
  // The comparison covered kept pairs and rows with missing values, not only rejections.
  assert.ok(kept > 20, `${kept} kept pairs compared`);
  assert.ok(missing > 0, 'no pair with a missing city was compared');
});

test('every kept pair of the run (scored in a worker with row records) rescored without them gives the same score', () => {
  const plain = new PairScorer(run.config, (ref) => run.fields.get(ref));
  assert.ok(run.pairs.count > 100, `only ${run.pairs.count} kept pairs`);
  for (let i = 0; i < run.pairs.count; i++) {
    assert.equal(plain.scoreRows(run.pairs.a[i], run.pairs.b[i]), true);
    assert.equal(plain.score, run.pairs.score[i], `pair ${run.pairs.a[i]}-${run.pairs.b[i]}`);
    assert.equal(plain.decider | (plain.matched ? 0x80 : 0), run.pairs.flags[i]);
  }
});

test('filling the records by any split into row ranges gives the array one fill over all rows gives', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 5 }),
      fc.integer({ min: 0, max: 60 }),
      fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 6 }),
      fc.integer(),
      (stride, rows, cuts, seed) => {
        const slotIds = Array.from({ length: stride }, (_, f) => Int32Array.from({ length: rows }, (_, r) => ((seed ^ (r * 31 + f * 7)) % 50) - 1));
        const whole = new Int32Array(rows * stride);
        for (let r = 0; r < rows; r++) for (let f = 0; f < stride; f++) whole[r * stride + f] = slotIds[f][r];
        const points = [...new Set([0, rows, ...cuts.map((c) => c % (rows + 1))])].sort((a, b) => a - b);
        const split = new Int32Array(rows * stride).fill(0x7fffffff);
        for (let k = 0; k + 1 < points.length; k++) fillRecordRows(split, slotIds, points[k], points[k + 1]);
        assert.deepEqual(split, whole);
      },
    ),
  );
});

test('the slots are the matchkeys\' field keys, each once, first seen first', () => {
  assert.deepEqual(rowRecordSlots(CONFIG), ['given_name', 'surname', 'dob', 'zip', 'city', 'state', 'surname|substring:0:1', 'given_name|substring:0:1']);
});

test('records the pool fills by row ranges, adopted by a scorer, score every pair as the scorer\'s own copy does', async () => {
  const rows = run.store.rowCount;
  const stride = rowRecordSlots(run.config).length;
  const records = new SharedArrayBuffer(rows * stride * 4);
  // Uneven ranges over both workers, the last one short.
  const points = [0, 1, Math.floor(rows / 3), rows - 5, rows];
  await Promise.all(points.slice(1).map((to, k) => pool.run('fillRowRecords', { slotIds: slotIdBuffers(run.config, run.handle.fields), records, from: points[k], to })));
  const own = new PairScorer(run.config, (ref) => run.fields.get(ref));
  own.useRowRecords();
  const shared = new PairScorer(run.config, (ref) => run.fields.get(ref));
  shared.useRowRecords(new Int32Array(records));
  const kept = sameScores(own, shared, 5, 11);
  assert.ok(kept > 20, `${kept} kept pairs compared`);
});

test('records of another size are refused, not read out of line', () => {
  const scorer = new PairScorer(run.config, (ref) => run.fields.get(ref));
  const stride = rowRecordSlots(run.config).length;
  assert.throws(() => scorer.useRowRecords(new Int32Array((run.store.rowCount - 1) * stride)), /row records hold .* expected 1500 rows × 8 fields/);
});

test('on random tables and configurations, records the pool fills by random row ranges keep exactly the pairs and scores of the plain path', async () => {
  const setup = weightedSetup({ scorers: ['jaro_winkler', 'levenshtein', 'exact', 'token_sort'], exactKey: true });
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(randomTable(30), setup, fc.array(fc.nat(), { maxLength: 4 }), async (rows, s, cuts) => {
      const config = parseConfigText(weightedConfigText(s), 'random.yaml');
      const store = ColumnStore.fromRows(COLUMNS, rows);
      const fields = await prepareFields(store, matchkeyFieldRefs(config), pool);
      const handle: RunHandle = { runId: `row-records-${runs++}`, config, fields: fields.handles(), passes: [], passSpecs: [], models: {} };
      const n = store.rowCount;
      const stride = rowRecordSlots(config).length;
      const records = new SharedArrayBuffer(n * stride * 4);
      const points = [...new Set([0, n, ...cuts.map((c) => c % (n + 1))])].sort((a, b) => a - b);
      await Promise.all(points.slice(1).map((to, k) => pool.run('fillRowRecords', { slotIds: slotIdBuffers(config, handle.fields), records, from: points[k], to })));
      const lookup = (ref: Parameters<typeof fields.get>[0]) => fields.get(ref);
      const plain = new PairScorer(config, lookup);
      const shared = new PairScorer(config, lookup);
      shared.useRowRecords(new Int32Array(records));
      for (let x = 0; x < n; x++) {
        for (let y = x + 1; y < n; y++) {
          const kept = plain.scoreRows(x, y);
          assert.equal(shared.scoreRows(x, y), kept, `pair ${x},${y}`);
          assert.ok(Object.is(shared.score, plain.score), `pair ${x},${y}: ${shared.score} against ${plain.score}`);
          assert.equal(shared.decider, plain.decider);
          assert.equal(shared.matched, plain.matched);
        }
      }
    }),
    { numRuns: 60, seed: 20261128 },
  );
});
