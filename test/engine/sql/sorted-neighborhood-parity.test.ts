/** Property: sorted neighbourhood compiled to SQL (positions by row_number over the key in code-point order, ties by row id; a range join within the window) gives the worker-pool engine's candidate pairs, scores and clusters: random Unicode keys with ties and missing values, two-field keys, random windows, link_only, a block pass beside it with oversized blocks skipped. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { parseConfigText } from '../../../src/config/index.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { compareEngines } from './engine-parity.js';

const pool = new WorkerPool({ workers: 2 });
const dir = mkdtempSync(join(os.tmpdir(), 'kindred-window-parity-'));
after(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

const config = (window: number, linkOnly: boolean) =>
  parseConfigText(
    `
matchkeys:
  - name: all
    type: weighted
    threshold: 0
    fields:
      - {field: a, scorer: jaro_winkler}
      - {field: b, scorer: levenshtein, weight: 0.5}
  - name: same_c
    type: exact
    fields: [{field: c}]
blocking:
  strategy: sorted_neighborhood
  window: ${window}
  max_block_size: 3
  oversized: skip
  keys:
    - fields: [a, {field: b, transforms: ["substring:0:1"]}]
    - fields: [{field: c, transforms: [lowercase]}]
${linkOnly ? 'link: {source_column: src, mode: link_only}' : ''}
`,
    `window-${window}.yaml`,
  );

// Few pieces, so keys tie often; code points on both sides of the surrogate range, so UTF-16 order would differ.
const PIECES = ['a', 'b', 'B', 'é', 'É', 'ﬁ', '😀', '\uffef', '1', ' '];
const cell = fc.option(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 3 }).map((p) => p.join('')), { nil: null, freq: 5 });
const quote = (v: string | null): string => (v === null ? '' : `"${v.replace(/"/g, '""')}"`);

test('random tables: sorted neighbourhood on DuckDB equals the worker pool', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(cell, cell, cell, fc.constantFrom('x', 'y')), { minLength: 2, maxLength: 40 }),
      fc.integer({ min: 2, max: 5 }),
      fc.boolean(),
      async (rows, window, linkOnly) => {
        const file = join(dir, `t${run++}.csv`);
        writeFileSync(file, ['a,b,c,src', ...rows.map((r) => r.map(quote).join(','))].join('\n') + '\n');
        const r = await compareEngines(file, config(window, linkOnly), pool);
        assert.equal(r.candidatePairs.duckdb, r.candidatePairs.pool);
        assert.deepEqual(r.pairDifferences, []);
        assert.equal(r.maxScoreDifference, 0);
        assert.deepEqual(r.clusterDifferences, []);
      },
    ),
    { numRuns: 25, seed: 4242 },
  );
});
