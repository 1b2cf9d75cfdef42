/** PairScorer.useRowRecords changes where the hot loop reads row ids from, never a score: every path (weighted, exact matchkey, negative evidence, missing values) agrees with the per-field arrays. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parseConfigText } from '../../../src/config/index.js';
import { runMatching, type MatchRun } from '../../../src/engine/run.js';
import { PairScorer } from '../../../src/engine/scoring/pair-scorer.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { peopleStore, syntheticPeople } from './synthetic-people.js';

const pool = new WorkerPool({ workers: 1 });
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

test('scoreRows gives the same kept flag, score, decider and match with and without row records', () => {
  const plain = new PairScorer(run.config, (ref) => run.fields.get(ref));
  const records = new PairScorer(run.config, (ref) => run.fields.get(ref));
  records.useRowRecords();
  records.useRowRecords(); // a second call keeps the first copy
  let kept = 0;
  let missing = 0;
  const n = run.store.rowCount;
  const city = run.fields.get({ field: 'city', transforms: [] }).ids;
  for (let x = 0; x < n; x += 7) {
    for (let y = x + 1; y < n; y += 13) {
      const k = plain.scoreRows(x, y);
      assert.equal(records.scoreRows(x, y), k, `kept ${x}-${y}`);
      assert.equal(records.score, plain.score, `score ${x}-${y}`);
      assert.equal(records.decider, plain.decider, `decider ${x}-${y}`);
      assert.equal(records.matched, plain.matched, `matched ${x}-${y}`);
      if (k) kept++;
      if (city[x] < 0 || city[y] < 0) missing++;
    }
  }
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
