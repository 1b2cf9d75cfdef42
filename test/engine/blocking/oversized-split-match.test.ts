/** /match through a split block: a query's candidates are the rows of its sub-block (key plus secondary key), as in the initial run. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parseConfigText } from '../../../src/config/index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { runMatching, type MatchRun } from '../../../src/engine/run.js';
import { PairScorer } from '../../../src/engine/scoring/pair-scorer.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

const NAMES = ['zip', 'surname'];
const CONFIG = parseConfigText(
  `
matchkeys: [{name: all, type: weighted, threshold: 0, fields: [{field: surname, scorer: exact}, {field: zip, scorer: exact}]}]
blocking:
  max_block_size: 4
  split_oversized: true
  keys: [{fields: [zip], split_by: [{field: surname, transforms: [lowercase]}]}]
`,
  'split-match.yaml',
);

// zip 10001 holds 9 rows (split); zip 20002 holds 3 (kept whole).
const ROWS: Array<Array<string | null>> = [
  ['10001', 'Smith'], ['20002', 'kim'], ['10001', 'smith'], ['10001', 'jones'], ['10001', null],
  ['20002', 'ng'], ['10001', 'Jones'], ['10001', 'lee'], ['10001', 'SMITH'], ['20002', 'kim'],
  ['10001', 'ito'], ['10001', 'jones'],
];

let run: MatchRun;
let scorer: PairScorer;

before(async () => {
  run = await runMatching(ColumnStore.fromRows(NAMES, ROWS), CONFIG, pool);
  scorer = new PairScorer(run.config, (ref) => run.fields.get(ref));
});

function candidates(zip: string | null, surname: string | null): number[] {
  const record: Record<string, string | null> = { zip, surname };
  return [...run.index.candidates((ref) => scorer.transformValue(ref, record[ref.field] ?? null))];
}

test('a query in a split block gets its sub-block only; in an unsplit block, the whole block', () => {
  assert.deepEqual(run.index.oversized.map((o) => [o.key, o.size, o.action]), [[{ zip: '10001' }, 9, 'split']]);
  assert.deepEqual(candidates('10001', 'sMiTh'), [0, 2, 8]);
  assert.deepEqual(candidates('10001', 'JONES'), [3, 6, 11]);
  assert.deepEqual(candidates('10001', 'ito'), [10]);
  // Not in any sub-block: no secondary value, or one no row of the block holds.
  assert.deepEqual(candidates('10001', null), []);
  assert.deepEqual(candidates('10001', 'kim'), []);
  assert.deepEqual(candidates('20002', 'anyone'), [1, 5, 9]);
  assert.deepEqual(candidates('99999', 'smith'), []);
});

test('the same sub-blocks pair rows in the initial run', () => {
  const pairs: string[] = [];
  for (let i = 0; i < run.pairs.count; i++) pairs.push(`${run.pairs.a[i]}-${run.pairs.b[i]}`);
  assert.deepEqual(pairs.sort(), ['0-2', '0-8', '1-5', '1-9', '2-8', '3-11', '3-6', '5-9', '6-11'].sort());
});
