/** Sorted neighbourhood in link mode: the window runs over both sources' records sorted together; link_only then drops the pairs within one source. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { parseConfigText } from '../../../src/config/index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { runMatching } from '../../../src/engine/run.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { runPairIds, sortedIds, windowPairs } from './reference-pairs.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

const WINDOW = 3;

function config(mode: string): ReturnType<typeof parseConfigText> {
  return parseConfigText(
    `
matchkeys:
  - {name: all, type: weighted, threshold: 0, fields: [{field: name, scorer: exact}]}
blocking:
  strategy: sorted_neighborhood
  window: ${WINDOW}
  keys: [{fields: [name]}]
link: {source_column: src, mode: ${mode}}
`,
    `link-${mode}.yaml`,
  );
}

// Runs of one source in sorted order, so many window pairs are within a source.
const ROWS: Array<Array<string | null>> = ['ann', 'amy', 'abe', 'bea', 'bob', 'cid', 'cal', 'dee', 'dan', 'eve', 'ed', 'fay'].map((name, i) => [
  name,
  i % 4 < 2 ? 'A' : 'B',
]);

test('link_and_dedupe keeps every window pair of the combined order; link_only keeps those across sources', async () => {
  const store = ColumnStore.fromRows(['name', 'src'], ROWS);
  const all = windowPairs(ROWS.map(([name]) => [name as string]), WINDOW);
  const across = [...all].filter((id) => {
    const [a, b] = id.split('-').map(Number);
    return ROWS[a][1] !== ROWS[b][1];
  });
  assert.ok(across.length > 0 && across.length < all.size, 'the fixture has pairs of both kinds');

  const both = await runMatching(store, config('link_and_dedupe'), pool);
  assert.deepEqual(sortedIds(runPairIds(both.pairs)), sortedIds(all));

  const only = await runMatching(store, config('link_only'), pool);
  assert.deepEqual(sortedIds(runPairIds(only.pairs)), sortedIds(across));
  assert.equal(only.candidatePairs, across.length);
  // The pass still counts every window pair; the link filter drops the same-source ones when scoring.
  assert.deepEqual(only.passPairs, [all.size]);
});
