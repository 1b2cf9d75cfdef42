/** /match under sorted neighbourhood: a query's candidates are the rows within the window around where it would be inserted, on the main thread and in a /match/batch worker. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parseConfigText } from '../../../src/config/index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { matchRecord } from '../../../src/engine/matching/match-records.js';
import { runMatching, type MatchRun } from '../../../src/engine/run.js';
import { PairScorer } from '../../../src/engine/scoring/pair-scorer.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { sortedRows, type KeyTuple } from './reference-pairs.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

const WINDOW = 3;
const NAMES = ['name', 'city', 'zip'];

// Threshold 0: every candidate with a comparable field matches, so match results list the candidates.
const CONFIG = parseConfigText(
  `
matchkeys:
  - name: all
    type: weighted
    threshold: 0
    fields:
      - {field: name, scorer: exact}
      - {field: city, scorer: exact}
      - {field: zip, scorer: exact}
blocking:
  strategy: sorted_neighborhood
  window: ${WINDOW}
  keys:
    - fields: [{field: name, transforms: [lowercase, strip]}]
    - fields: [city, zip]
`,
  'sn-match.yaml',
);

const ROWS: Array<Array<string | null>> = [
  ['Carol', 'Oslo', '0150'],
  ['alice', 'Bergen', '5003'],
  ['  Dave', 'Oslo', '0150'],
  ['bob', null, '5003'],
  ['Alice', 'Oslo', '0151'],
  ['erin', 'Bergen', '5003'],
  ['carol ', 'Bergen', '5004'],
  [null, 'Oslo', '0150'],
  ['frank', 'Tromsø', '9008'],
  ['bob', 'Oslo', '0149'],
  ['gina', 'Oslo', '0150'],
  ['dave', 'Bergen', '5003'],
];

/** Each pass's key of a raw record, transformed as the configuration says. */
function keysOf(r: ReadonlyArray<string | null>): KeyTuple[] {
  const name = r[0] === null ? null : r[0].toLowerCase().trim();
  return [name === null || name === '' ? null : [name], r[1] === null || r[2] === null ? null : [r[1], r[2]]];
}

/** Brute force: append the query as a new last row, sort each pass, take its neighbours within the window. */
function expectedCandidates(query: ReadonlyArray<string | null>): number[] {
  const all = [...ROWS, query];
  const q = ROWS.length;
  const found = new Set<number>();
  for (let p = 0; p < 2; p++) {
    const order = sortedRows(all.map((r) => keysOf(r)[p]));
    const at = order.indexOf(q);
    if (at < 0) continue;
    for (let i = Math.max(0, at - WINDOW + 1); i < Math.min(order.length, at + WINDOW); i++) if (i !== at) found.add(order[i]);
  }
  return [...found].sort((a, b) => a - b);
}

const QUERIES: Array<Array<string | null>> = [
  ['Alice', 'Oslo', '0151'], // equal to existing keys: inserted after them
  ['aaron', 'Aalborg', '0001'], // before everything
  ['zed', 'Ålesund', '9999'], // after everything (Å sorts after z in code points)
  ['cathy', 'Oslo', '0150x'], // between existing values, unseen in the data
  [null, 'Bergen', '5003'], // no name: the name pass gives nothing
  ['BOB', null, null], // only the name pass
  [null, null, null], // no key at all: no candidates
];

let run: MatchRun;
let scorer: PairScorer;

before(async () => {
  run = await runMatching(ColumnStore.fromRows(NAMES, ROWS), CONFIG, pool);
  scorer = new PairScorer(run.config, (ref) => run.fields.get(ref));
});

const asRecord = (q: ReadonlyArray<string | null>): Record<string, string | null> => Object.fromEntries(NAMES.map((n, i) => [n, q[i]]));

test('BlockIndex.candidates equals the brute-force window around the insertion position', () => {
  for (const q of QUERIES) {
    const record = asRecord(q);
    const got = run.index.candidates((ref) => scorer.transformValue(ref, record[ref.field] ?? null));
    assert.deepEqual([...got], expectedCandidates(q), JSON.stringify(q));
  }
});

test('matchRecord (POST /match) and matchBatch in a worker (POST /match/batch) see the same neighbourhood', async () => {
  const records = QUERIES.map(asRecord);
  const batch = await pool.run('matchBatch', { run: run.handle, records, topK: 100 });
  QUERIES.forEach((q, i) => {
    const single = matchRecord(records[i], scorer, run.index, 100);
    // A candidate with no comparable field scores nothing; all others match at threshold 0.
    const comparable = expectedCandidates(q).filter((row) => NAMES.some((_, f) => q[f] !== null && ROWS[row][f] !== null));
    assert.deepEqual(single.map((m) => m.row).sort((a, b) => a - b), comparable, JSON.stringify(q));
    assert.deepEqual(batch[i], single, JSON.stringify(q));
  });
});
