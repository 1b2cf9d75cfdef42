/** The laid-out query paths of /match: scoreLayout gives scoreQuery's numbers, matchLayout the same matches (with exact scores) while giving up early on rows that cannot match; one layout serves many rows. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parseConfigText } from '../../../src/config/index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { runMatching, type MatchRun } from '../../../src/engine/run.js';
import { PairScorer } from '../../../src/engine/scoring/pair-scorer.js';
import { valueIndexOf } from '../../../src/engine/blocking/value-index.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { syntheticPeople } from './synthetic-people.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

// Two weighted matchkeys (one with negative evidence) and an exact one, so every branch of the layout paths runs.
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
  - name: loose
    type: weighted
    threshold: 0.9
    fields:
      - {field: surname, scorer: jaro_winkler, weight: 1.0}
      - {field: city, scorer: exact, weight: 1.0}
  - name: same_dob_name
    type: exact
    fields: [dob, {field: surname, transforms: [lowercase]}]
blocking:
  keys:
    - fields: [{field: surname, transforms: [lowercase, "substring:0:2"]}]
    - fields: [dob]
`,
  'layout.yaml',
);

let run: MatchRun;
let scorer: PairScorer;

before(async () => {
  const people = syntheticPeople(500, 7);
  run = await runMatching(ColumnStore.fromRows(people.names, people.rows), CONFIG, pool);
  scorer = new PairScorer(run.config, (ref) => run.fields.get(ref));
});

/** Queries made from rows, some with a changed or missing value, each against a spread of rows (including its own). */
function* cases(): Generator<{ record: Record<string, string | null>; rows: number[] }> {
  const n = run.store.rowCount;
  for (let q = 0; q < n; q += 3) {
    const record = run.store.record(q);
    if (q % 2 === 0 && record.given_name) record.given_name = record.given_name.slice(1);
    if (q % 5 === 0) record.zip = null;
    const rows = [q];
    for (let y = (q * 7) % n, k = 0; k < 40; k++, y = (y + 13) % n) rows.push(y);
    yield { record, rows };
  }
}

test('scoreLayout and matchLayout agree with scoreQuery on every row, one layout per query', () => {
  let matches = 0;
  let rejected = 0;
  for (const { record, rows } of cases()) {
    const prepared = scorer.prepareQuery(record);
    const full = scorer.layoutQuery(prepared);
    const pruned = scorer.layoutQuery(prepared);
    for (const y of rows) {
      const kept = scorer.scoreQuery(prepared, y);
      const expected = { kept, score: scorer.score, decider: scorer.decider, matched: scorer.matched };
      assert.equal(scorer.scoreLayout(full, y), expected.kept);
      assert.deepEqual({ score: scorer.score, decider: scorer.decider, matched: scorer.matched }, { score: expected.score, decider: expected.decider, matched: expected.matched });
      assert.equal(scorer.matchLayout(pruned, y), expected.matched, `row ${y}`);
      if (expected.matched) {
        matches++;
        assert.equal(scorer.score, expected.score);
        assert.equal(scorer.decider, expected.decider);
      } else rejected++;
    }
  }
  assert.ok(matches > 50 && rejected > 500, `${matches} matches, ${rejected} non-matches`);
});

test('with exact fields\' ids looked up front (as /match does), present and absent values give the same numbers', () => {
  const idOf = (dict: Parameters<typeof valueIndexOf>[0], value: string): number => valueIndexOf(dict).idOf(value);
  let absent = 0;
  let matches = 0;
  let i = 0;
  for (const { record, rows } of cases()) {
    // Every third query: an exact field's value no row holds (an unseen date, a city held only as a typo).
    if (i++ % 3 === 0) {
      record.dob = '1799-12-31';
      if (record.city) record.city = `${record.city}x`;
      absent++;
    }
    const prepared = scorer.prepareQuery(record);
    const eager = scorer.layoutQuery(prepared, idOf);
    const pruned = scorer.layoutQuery(prepared, idOf);
    for (const y of rows) {
      const kept = scorer.scoreQuery(prepared, y);
      const expected = { kept, score: scorer.score, decider: scorer.decider, matched: scorer.matched };
      assert.equal(scorer.scoreLayout(eager, y), expected.kept);
      assert.deepEqual({ score: scorer.score, decider: scorer.decider, matched: scorer.matched }, { score: expected.score, decider: expected.decider, matched: expected.matched });
      assert.equal(scorer.matchLayout(pruned, y), expected.matched, `row ${y}`);
      if (expected.matched) {
        matches++;
        assert.equal(scorer.score, expected.score);
      }
    }
  }
  assert.ok(absent > 20 && matches > 50, `${absent} queries with absent values, ${matches} matches`);
});
