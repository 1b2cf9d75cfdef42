/** Sorted-neighbourhood passes pair rows fewer than `window` apart in key order; several passes (plus an exact matchkey's block pass) score their union, each pair once. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { parseConfigText } from '../../../src/config/index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { runMatching } from '../../../src/engine/run.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { blockPairs, runPairIds, sortedIds, windowPairs, type KeyTuple } from './reference-pairs.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

const WINDOW = 4;

// Threshold 0 keeps every scored pair, so run.pairs lists exactly the candidates.
const CONFIG = parseConfigText(
  `
matchkeys:
  - name: everything
    type: weighted
    threshold: 0
    fields:
      - {field: a, scorer: exact}
      - {field: b, scorer: exact}
      - {field: c, scorer: exact}
  - name: same_c
    type: exact
    fields: [c]
blocking:
  strategy: sorted_neighborhood
  window: ${WINDOW}
  keys:
    - fields: [{field: a, transforms: [lowercase]}]
    - fields: [a, b]
`,
  'sn.yaml',
);

// Repeated values (ties broken by row id), prefixes ("ab" < "abc"), case folded by
// the first key only, and characters whose code-point order differs from UTF-16's
// ("\ue000" < "😀"). In the second key, ("a", "z") sorts before ("ab", "a") although
// "az" > "aba" as concatenated strings.
const A = ['Ab', 'ab', 'abc', 'b', 'B', 'é', '\ue000', '😀', 'a', null];
const B = ['z', 'a', 'm', null, 'a'];
const C = ['c1', 'c2', null, 'c3'];

function table(): Array<Array<string | null>> {
  return Array.from({ length: 83 }, (_, i) => [A[(i * 7) % A.length], B[(i * 3) % B.length], C[(i * 5) % C.length]]);
}

function passKeys(rows: Array<Array<string | null>>): KeyTuple[][] {
  return [
    rows.map(([a]) => (a === null ? null : [a.toLowerCase()])),
    rows.map(([a, b]) => (a === null || b === null ? null : [a, b])),
    rows.map(([, , c]) => (c === null ? null : [c])),
  ];
}

test('each pass finds the window pairs of its sorted order; the run scores their union once', async () => {
  const rows = table();
  const run = await runMatching(ColumnStore.fromRows(['a', 'b', 'c'], rows), CONFIG, pool);
  const keys = passKeys(rows);
  const perPass = [windowPairs(keys[0], WINDOW), windowPairs(keys[1], WINDOW), blockPairs(keys[2])];
  const union = new Set(perPass.flatMap((s) => [...s]));
  // The passes overlap, so de-duplication is really exercised.
  assert.ok(union.size < perPass.reduce((s, p) => s + p.size, 0));
  assert.deepEqual(run.passPairs, perPass.map((s) => s.size));
  assert.equal(run.candidatePairs, union.size);
  assert.deepEqual(sortedIds(runPairIds(run.pairs)), sortedIds(union));
});

test('a window of 2 pairs each row with its successor only', async () => {
  const rows = [['b', 'x', null], ['a', 'x', null], ['c', 'x', null], ['a', 'x', null], [null, 'x', null]];
  const config = parseConfigText(
    'matchkeys: [{name: w, type: weighted, threshold: 0, fields: [{field: b, scorer: exact}]}]\n' +
      'blocking: {strategy: sorted_neighborhood, window: 2, keys: [{fields: [a]}]}\n',
    'w2.yaml',
  );
  const run = await runMatching(ColumnStore.fromRows(['a', 'b', 'c'], rows), config, pool);
  // Sorted: 1 (a), 3 (a), 0 (b), 2 (c); row 4 has no key.
  assert.deepEqual(sortedIds(runPairIds(run.pairs)), ['0-2', '0-3', '1-3']);
});
