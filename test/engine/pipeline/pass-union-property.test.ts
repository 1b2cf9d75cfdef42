/** Over random tables, the candidate pairs of a multi-pass run are exactly the union of the passes' co-blocked pairs, each once: the earlier-pass check skips exactly the pairs an earlier pass holds. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { parseConfigText } from '../../../src/config/index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { runMatching } from '../../../src/engine/run.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

// Threshold 0 keeps every scored pair, so the kept pairs are the candidates.
const CONFIG = parseConfigText(
  `
matchkeys:
  - name: all
    type: weighted
    threshold: 0
    fields:
      - {field: a, scorer: exact}
      - {field: b, scorer: jaro_winkler}
blocking:
  keys:
    - fields: [a]
    - fields: [b]
    - fields: [c, {field: a, transforms: ["substring:0:1"]}]
    - fields: [d]
    - fields: [b, c]
`,
  'union.yaml',
);

const value = (letters: string): fc.Arbitrary<string | null> => fc.option(fc.constantFrom(...letters.split('')), { freq: 4 });
const rows = fc.array(fc.tuple(value('pqr').map((v) => (v === null ? null : `${v}x`)), value('stuv'), value('wx'), value('yz01')), { minLength: 2, maxLength: 60 });

test('every co-blocked pair once, no other, for random tables over five passes', async () => {
  await fc.assert(
    fc.asyncProperty(rows, async (table) => {
      const run = await runMatching(ColumnStore.fromRows(['a', 'b', 'c', 'd'], table), CONFIG, pool);
      const key = (parts: Array<string | null>): string | null => (parts.some((p) => p === null) ? null : JSON.stringify(parts));
      const keys = [
        table.map(([a]) => key([a])),
        table.map(([, b]) => key([b])),
        table.map(([a, , c]) => key([c, a === null ? null : a.slice(0, 1)])),
        table.map(([, , , d]) => key([d])),
        table.map(([, b, c]) => key([b, c])),
      ];
      const expected: string[] = [];
      for (let x = 0; x < table.length; x++) {
        for (let y = x + 1; y < table.length; y++) if (keys.some((k) => k[x] !== null && k[x] === k[y])) expected.push(`${x}-${y}`);
      }
      const got: string[] = [];
      for (let i = 0; i < run.pairs.count; i++) got.push(`${run.pairs.a[i]}-${run.pairs.b[i]}`);
      assert.equal(run.candidatePairs, expected.length);
      assert.deepEqual(got.sort(), expected.sort());
    }),
    { numRuns: 60, seed: 5 },
  );
});
