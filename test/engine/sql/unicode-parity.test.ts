/** Property: on random small tables with non-ASCII text, whitespace runs and quoting, the DuckDB engine keeps exactly the worker-pool engine's candidate pairs (threshold 0 keeps them all) with the same scores and clusters, through every transform and scorer form (exact SQL, built-in on ASCII, engine function). */
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
const dir = mkdtempSync(join(os.tmpdir(), 'kindred-unicode-parity-'));
after(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

const CONFIG = parseConfigText(
  `
matchkeys:
  - name: all
    type: weighted
    threshold: 0
    min_weight: 2
    fields:
      - {field: a, scorer: jaro_winkler, transforms: [lowercase]}
      - {field: a, scorer: levenshtein, weight: 0.5, transforms: [strip, uppercase]}
      - {field: b, scorer: jaro, weight: 0.7, transforms: [normalize_whitespace]}
      - {field: b, scorer: token_sort, weight: 0.3}
      - {field: c, scorer: exact, weight: 0.2, transforms: [alpha_only]}
      - {field: c, scorer: levenshtein, weight: 0.4, transforms: ["substring:-3:-1"]}
    negative_evidence:
      - {field: b, scorer: jaro_winkler, threshold: 0.3, penalty: 0.05, transforms: [last_token]}
  - name: same
    type: exact
    fields: [{field: c, transforms: [digits_only]}]
blocking:
  keys:
    - fields: [{field: a, transforms: [lowercase, "substring:0:1"]}]
    - fields: [{field: b, transforms: [first_token]}]
    - fields: [{field: c, transforms: [strip_all, "substring:1:3"]}]
`,
  'unicode.yaml',
);

const PIECES = ['a', 'b', 'B', 'é', 'É', 'İ', 'ß', 'ﬁ', '😀', '1', '2', ' ', '  ', '\t', '\u00a0', ',', '"', 'x y'];
const cell = fc.option(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 5 }).map((p) => p.join('')), { nil: null, freq: 6 });
const quote = (v: string | null): string => (v === null ? '' : `"${v.replace(/"/g, '""')}"`);

test('random Unicode tables: same candidates, scores and clusters on both engines', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(cell, cell, cell), { minLength: 2, maxLength: 40 }), async (rows) => {
      const file = join(dir, `t${run++}.csv`);
      writeFileSync(file, ['a,b,c', ...rows.map((r) => r.map(quote).join(','))].join('\n') + '\n');
      const r = await compareEngines(file, CONFIG, pool);
      assert.equal(r.candidatePairs.duckdb, r.candidatePairs.pool);
      assert.deepEqual(r.pairDifferences, []);
      assert.equal(r.maxScoreDifference, 0);
      assert.deepEqual(r.clusterDifferences, []);
    }),
    { numRuns: 25, seed: 1717 },
  );
});
