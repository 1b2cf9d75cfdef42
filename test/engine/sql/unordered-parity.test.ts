/** Unordered blocking keys on the DuckDB engine (least/greatest of the two prepared key columns) give the worker-pool engine's candidate pairs, scores and clusters: transposed people with an engine-function transform, and random Unicode tables with ties, missing values, block and window passes and skipped oversized blocks. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { parseConfigText } from '../../../src/config/index.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { assertSameResults, compareEngines } from './engine-parity.js';
import { swappedPeopleCsv } from './swapped-people.js';

const pool = new WorkerPool({ workers: 2 });
const dir = mkdtempSync(join(os.tmpdir(), 'kindred-unordered-parity-'));
after(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

const people = join(dir, 'people.csv');
writeFileSync(people, swappedPeopleCsv(150, 31, false));

const PEOPLE = (unordered: boolean): string => `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.85
    fields:
      - {field: first_name, scorer: jaro_winkler, weight: 1, transforms: [lowercase]}
      - {field: surname, scorer: jaro_winkler, weight: 1.5, transforms: [lowercase]}
      - {field: phone, scorer: levenshtein, weight: 0.5, transforms: [digits_only]}
    swaps: [[first_name, surname]]
blocking:
  keys:
    - fields: [{field: first_name, transforms: [lowercase, soundex]}, {field: surname, transforms: [lowercase, soundex]}]
      unordered: ${unordered}
    - fields: [zip, {field: phone, transforms: [digits_only]}]
review: {lo: 0}
`;

test('transposed people: the unordered pass on DuckDB = the worker pool, and it finds pairs the ordered key misses', async () => {
  const r = await compareEngines(people, parseConfigText(PEOPLE(true), 'people.yaml'), pool);
  assertSameResults(r);
  assert.equal(r.keptPairs.pool, r.candidatePairs.pool);
  const ordered = await compareEngines(people, parseConfigText(PEOPLE(false), 'people-ordered.yaml'), pool);
  assert.deepEqual(ordered.pairDifferences, []);
  assert.ok(r.matchedPairs.pool > ordered.matchedPairs.pool + 10, `${r.matchedPairs.pool} matched unordered, ${ordered.matchedPairs.pool} ordered`);
});

const config = (strategy: string, window: number) =>
  parseConfigText(
    `
matchkeys:
  - name: all
    type: weighted
    threshold: 0
    fields:
      - {field: a, scorer: jaro_winkler}
      - {field: b, scorer: levenshtein, weight: 0.5}
      - {field: c, scorer: exact, weight: 0.5}
blocking:
  strategy: ${strategy}
  window: ${window}
  max_block_size: 4
  oversized: skip
  keys:
    - fields: [a, {field: b, transforms: ["substring:0:2"]}]
      unordered: true
    - fields: [c]
`,
    `unordered-${strategy}-${window}.yaml`,
  );

// Few pieces, so keys tie often (also across the two columns); code points on both sides of the surrogate range, so UTF-16 order would differ.
const PIECES = ['a', 'b', 'B', 'é', 'ﬁ', '😀', '\uffef', ' '];
const cell = fc.option(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 2 }).map((p) => p.join('')), { nil: null, freq: 5 });
const quote = (v: string | null): string => (v === null ? '' : `"${v.replace(/"/g, '""')}"`);

test('random tables: unordered block and window passes on DuckDB equal the worker pool', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(cell, cell, fc.constantFrom('x', 'y', 'z')), { minLength: 2, maxLength: 40 }),
      fc.constantFrom('multi_pass', 'sorted_neighborhood'),
      fc.integer({ min: 2, max: 4 }),
      async (rows, strategy, window) => {
        const file = join(dir, `t${run++}.csv`);
        writeFileSync(file, ['a,b,c', ...rows.map((r) => r.map(quote).join(','))].join('\n') + '\n');
        assertSameResults(await compareEngines(file, config(strategy, window), pool));
      },
    ),
    { numRuns: 25, seed: 515 },
  );
});
