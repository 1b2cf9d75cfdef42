/** The /match path (prepareQuery + scoreQuery) gives the same scores as the row path the workers use (scoreRows). */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parseConfigText } from '../../../src/config/index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { runMatching, type MatchRun } from '../../../src/engine/run.js';
import { PairScorer } from '../../../src/engine/scoring/pair-scorer.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { syntheticPeople } from './synthetic-people.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

const CONFIG = parseConfigText(
  `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    fields:
      - {field: given_name, scorer: jaro_winkler, weight: 1.0, transforms: [lowercase, strip]}
      - {field: surname, scorer: levenshtein, weight: 1.0, transforms: [lowercase]}
      - {field: city, scorer: token_sort, weight: 0.3}
      - {field: dob, scorer: exact, weight: 1.0}
      - {field: zip, scorer: exact, weight: 0.5, transforms: [digits_only]}
    negative_evidence:
      - {field: state, scorer: exact, threshold: 0.5, penalty: 0.3}
  - name: same_dob_name
    type: exact
    fields: [dob, {field: surname, transforms: [lowercase]}]
blocking:
  keys:
    - fields: [{field: surname, transforms: [lowercase, "substring:0:2"]}]
    - fields: [dob]
`,
  'query.yaml',
);

let run: MatchRun;
let scorer: PairScorer;

before(async () => {
  // Mixed case and padding in the raw values, so the query path must apply the same transforms as prepared fields.
  const people = syntheticPeople(600, 5);
  const rows = people.rows.map((r, i) => {
    const out = r.slice();
    if (i % 3 === 0 && out[0] !== null) out[0] = ` ${out[0].toUpperCase()} `;
    if (i % 4 === 0 && out[1] !== null) out[1] = out[1][0].toUpperCase() + out[1].slice(1);
    if (i % 5 === 0 && out[3] !== null) out[3] = `Z-${out[3]}`;
    return out;
  });
  run = await runMatching(ColumnStore.fromRows(people.names, rows), CONFIG, pool);
  scorer = new PairScorer(run.config, (ref) => run.fields.get(ref));
});

test('a record queried against its own row scores exactly 1.0 and matches', () => {
  for (let y = 0; y < run.store.rowCount; y++) {
    const kept = scorer.scoreQuery(scorer.prepareQuery(run.store.record(y)), y);
    assert.equal(kept, true, `row ${y}`);
    assert.equal(scorer.score, 1, `row ${y}`);
    assert.equal(scorer.matched, true, `row ${y}`);
  }
});

test('every kept pair of the run scores the same when row b\'s record is queried against row a', () => {
  assert.ok(run.pairs.count > 50, `only ${run.pairs.count} kept pairs`);
  for (let i = 0; i < run.pairs.count; i++) {
    const a = run.pairs.a[i];
    const b = run.pairs.b[i];
    const kept = scorer.scoreQuery(scorer.prepareQuery(run.store.record(b)), a);
    assert.equal(kept, true, `pair ${a}-${b}`);
    assert.equal(scorer.score, run.pairs.score[i], `pair ${a}-${b}`);
    assert.equal(scorer.decider, run.pairs.flags[i] & 0x7f, `pair ${a}-${b}`);
    assert.equal(scorer.matched, (run.pairs.flags[i] & 0x80) !== 0, `pair ${a}-${b}`);
  }
});

test('for other pairs scoreRows and scoreQuery agree on kept, and on the score when kept', () => {
  const n = run.store.rowCount;
  let compared = 0;
  for (let a = 0; a < n; a += 7) {
    for (let b = a + 1; b < n; b += 13) {
      const keptRows = scorer.scoreRows(a, b);
      const rowScore = scorer.score;
      const rowDecider = scorer.decider;
      const keptQuery = scorer.scoreQuery(scorer.prepareQuery(run.store.record(b)), a);
      assert.equal(keptQuery, keptRows, `pair ${a}-${b}`);
      if (keptRows) {
        assert.equal(scorer.score, rowScore, `pair ${a}-${b}`);
        assert.equal(scorer.decider, rowDecider, `pair ${a}-${b}`);
      }
      compared++;
    }
  }
  assert.ok(compared > 1000);
});

test('a query with extra unknown columns and a missing field scores like the row it copies minus that field', () => {
  const y = 1;
  const record = { ...run.store.record(y), unrelated: 'x', city: null };
  scorer.scoreQuery(scorer.prepareQuery(record), y);
  // city is dropped from the weighted mean, every other field agrees: still 1.0.
  assert.equal(scorer.score, 1);
});
