/** Multi-pass blocking scores the union of the passes' co-blocked pairs, each pair once, checked against brute force. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { parseConfigText } from '../../../src/config/index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { runMatching } from '../../../src/engine/run.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

// Threshold 0 keeps every scored pair, so run.pairs lists exactly the candidates.
const CONFIG = parseConfigText(
  `
matchkeys:
  - name: everything
    type: weighted
    threshold: 0
    fields:
      - {field: a, scorer: exact}
      - {field: b, scorer: jaro_winkler}
      - {field: c, scorer: exact}
  - name: same_c
    type: exact
    fields: [c]
blocking:
  keys:
    - fields: [a]
    - fields: [b, {field: c, transforms: ["substring:0:1"]}]
    - fields: [a, b]
`,
  'union.yaml',
);

/** 90 rows over small domains with missing values, so passes overlap heavily but not completely. */
function table(): { names: string[]; rows: Array<Array<string | null>> } {
  const rows: Array<Array<string | null>> = [];
  for (let i = 0; i < 90; i++) {
    const a = i % 7 === 0 ? null : `a${i % 5}`;
    const b = i % 11 === 0 ? null : `b${(i * 7) % 4}`;
    const c = i % 13 === 0 ? null : `${'xyz'[i % 3]}${(i * 3) % 10}`;
    rows.push([a, b, c]);
  }
  return { names: ['a', 'b', 'c'], rows };
}

/** Every pass's key per row (null = not blocked by that pass), in run order: blocking keys, then the exact matchkey. */
function passKeys(rows: Array<Array<string | null>>): Array<Array<string | null>> {
  const key = (parts: Array<string | null>): string | null => (parts.some((p) => p === null) ? null : JSON.stringify(parts));
  return [
    rows.map(([a]) => key([a])),
    rows.map(([, b, c]) => key([b, c === null ? null : c.slice(0, 1)])),
    rows.map(([a, b]) => key([a, b])),
    rows.map(([, , c]) => key([c])),
  ];
}

test('candidatePairs is the size of the union of co-blocked pairs, and passPairs counts each pass', async () => {
  const { names, rows } = table();
  const run = await runMatching(ColumnStore.fromRows(names, rows), CONFIG, pool);
  const keys = passKeys(rows);
  const union = new Set<string>();
  const perPass = keys.map(() => 0);
  for (let x = 0; x < rows.length; x++) {
    for (let y = x + 1; y < rows.length; y++) {
      keys.forEach((k, p) => {
        if (k[x] !== null && k[x] === k[y]) {
          perPass[p]++;
          union.add(`${x}-${y}`);
        }
      });
    }
  }
  // The passes really overlap: the union is smaller than the sum.
  assert.ok(union.size < perPass.reduce((s, n) => s + n, 0));
  assert.deepEqual(run.passPairs, perPass);
  assert.equal(run.candidatePairs, union.size);

  const seen = new Set<string>();
  for (let i = 0; i < run.pairs.count; i++) {
    const a = run.pairs.a[i];
    const b = run.pairs.b[i];
    assert.ok(a < b, `pair ${a}-${b} is ordered`);
    const id = `${a}-${b}`;
    assert.ok(!seen.has(id), `pair ${id} appears twice`);
    seen.add(id);
  }
  assert.deepEqual([...seen].sort(), [...union].sort());
});

test('rows missing a key field are not blocked by that pass, even together', async () => {
  // Rows 0 and 1 both lack `a`; were missing a value, they would share pass [a]'s block.
  const names = ['a', 'b', 'c'];
  const rows = [
    [null, 'b1', 'x1'],
    [null, 'b2', 'y2'],
    ['a1', 'b3', 'z3'],
    ['a1', 'b4', 'w4'],
  ];
  const run = await runMatching(ColumnStore.fromRows(names, rows), CONFIG, pool);
  assert.deepEqual(run.passPairs, [1, 0, 0, 0]);
  assert.equal(run.candidatePairs, 1);
  assert.equal(run.pairs.count, 1);
  assert.deepEqual([run.pairs.a[0], run.pairs.b[0]], [2, 3]);
});
