/** An unordered blocking key pairs the rows whose two values agree as a set (in blocks, windows and split blocks), and `/match` candidates of a record are the rows sharing its sorted pair. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { parseConfigText } from '../../../src/config/index.js';
import type { FieldRef } from '../../../src/config/types.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { runMatching } from '../../../src/engine/run.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { compareCodePoints } from '../../../src/engine/transforms/code-point-order.js';
import { blockPairs, pairId, runPairIds, sortedIds, windowPairs, type KeyTuple } from './reference-pairs.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

// Threshold 0 keeps every scored pair, so run.pairs lists exactly the candidates.
const MATCHKEYS = `
matchkeys:
  - name: everything
    type: weighted
    threshold: 0
    fields:
      - {field: a, scorer: exact}
      - {field: b, scorer: exact}
      - {field: c, scorer: exact}
`;
const BLOCKS = parseConfigText(`${MATCHKEYS}blocking: {keys: [{fields: [a, b], unordered: true}]}\n`, 'unordered.yaml');
const WINDOW = 3;
const WINDOWS = parseConfigText(
  `${MATCHKEYS}blocking: {strategy: sorted_neighborhood, window: ${WINDOW}, keys: [{fields: [a, b], unordered: true}]}\n`,
  'unordered-sn.yaml',
);
const MAX_BLOCK = 3;
const SPLIT = parseConfigText(
  `${MATCHKEYS}blocking: {max_block_size: ${MAX_BLOCK}, split_oversized: true, keys: [{fields: [a, b], unordered: true, split_by: [c]}]}\n`,
  'unordered-split.yaml',
);

// Prefixes, a value equal in both columns, and characters whose code-point order differs from UTF-16's ("\ue000" < "😀").
const value = fc.constantFrom('a', 'ab', 'b', 'é', '\ue000', '😀', '', null);
type Row = Array<string | null>;
const rows = fc.array(fc.tuple(value, value, fc.constantFrom('x', 'y', null)).map((r): Row => [...r]), { maxLength: 40 });

/** The model key: a row's two values, smaller first in code-point order; null when either is missing. */
function unorderedKey(a: string | null, b: string | null): KeyTuple {
  if (a === null || b === null || a === '' || b === '') return null;
  return [a, b].sort(compareCodePoints);
}

/** Brute force: the pairs of equal set keys, an oversized group split by `c` (rows without c left out). */
function splitPairs(table: readonly Row[]): Set<string> {
  const keys = table.map(([a, b]) => unorderedKey(a, b));
  const out = new Set<string>();
  for (const id of blockPairs(keys)) {
    const [x, y] = id.split('-').map(Number);
    const size = keys.filter((k) => k !== null && k.join('\u0000') === (keys[x] as string[]).join('\u0000')).length;
    if (size <= MAX_BLOCK) out.add(id);
    else if (table[x][2] !== null && table[x][2] === table[y][2]) out.add(id);
  }
  return out;
}

test('block pass: the candidate pairs are all pairs whose two values agree as a set, and /match finds the same', async () => {
  await fc.assert(
    fc.asyncProperty(rows, async (table) => {
      const run = await runMatching(ColumnStore.fromRows(['a', 'b', 'c'], table), BLOCKS, pool);
      const keys = table.map(([a, b]) => unorderedKey(a, b));
      const want = blockPairs(keys);
      assert.deepEqual(sortedIds(runPairIds(run.pairs)), sortedIds(want));
      // A query record with a row's values, in either order: its candidates are the rows with its set key.
      table.forEach(([a, b], r) => {
        for (const [x, y] of [[a, b], [b, a]]) {
          const found = [...run.index.candidates((ref: FieldRef) => (ref.field === 'a' ? x : y))];
          const expected = keys[r] === null ? [] : keys.flatMap((k, s) => (k !== null && k.join('\u0000') === (keys[r] as string[]).join('\u0000') ? [s] : []));
          assert.deepEqual(found, expected, `query (${x}, ${y})`);
        }
      });
    }),
    { numRuns: 40, seed: 7 },
  );
});

test('sorted-neighbourhood pass: rows sorted by (smaller, larger) are paired within the window', async () => {
  await fc.assert(
    fc.asyncProperty(rows, async (table) => {
      const run = await runMatching(ColumnStore.fromRows(['a', 'b', 'c'], table), WINDOWS, pool);
      const want = windowPairs(
        table.map(([a, b]) => unorderedKey(a, b)),
        WINDOW,
      );
      assert.deepEqual(sortedIds(runPairIds(run.pairs)), sortedIds(want));
    }),
    { numRuns: 30, seed: 8 },
  );
});

test('oversized unordered blocks are split by the secondary key; /match finds the sub-block', async () => {
  await fc.assert(
    fc.asyncProperty(rows, async (table) => {
      const run = await runMatching(ColumnStore.fromRows(['a', 'b', 'c'], table), SPLIT, pool);
      const want = splitPairs(table);
      assert.deepEqual(sortedIds(runPairIds(run.pairs)), sortedIds(want));
      // Each row, queried with its columns swapped, meets the rows it is paired with (and itself, when in a block).
      table.forEach(([a, b, c], r) => {
        const found = new Set(run.index.candidates((ref: FieldRef) => (ref.field === 'a' ? b : ref.field === 'b' ? a : c)));
        for (let s = 0; s < table.length; s++) if (s !== r && want.has(pairId(r, s))) assert.ok(found.has(s), `row ${r} meets row ${s}`);
      });
    }),
    { numRuns: 30, seed: 9 },
  );
});

test('the oversized report names the key by its least and greatest values', async () => {
  const table: Row[] = Array.from({ length: 5 }, (_, i) => (i % 2 === 0 ? ['robert', 'allen', 'x'] : ['allen', 'robert', 'y']));
  const config = parseConfigText(`${MATCHKEYS}blocking: {max_block_size: 2, keys: [{fields: [a, b], unordered: true}]}\n`, 'report.yaml');
  const run = await runMatching(ColumnStore.fromRows(['a', 'b', 'c'], table), config, pool);
  assert.deepEqual(
    run.index.oversized.map((o) => o.key),
    [{ 'least(a, b)': 'allen', 'greatest(a, b)': 'robert' }],
  );
  assert.equal(run.pairs.count, 10);
});
