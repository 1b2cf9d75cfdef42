/** Swapped columns on the DuckDB engine: crossed comparisons and the best reading give the worker-pool engine's candidates, kept pairs, decisions, scores (to the bit) and clusters, with one, two and three swaps, `min_weight` above the weight a pair may have, missing values, negative evidence and non-ASCII names (built-in scorers and engine functions). */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { parseConfigText } from '../../../src/config/index.js';
import type { Config } from '../../../src/config/types.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { compareEngines } from './engine-parity.js';
import { swappedPeopleCsv } from './swapped-people.js';

const pool = new WorkerPool({ workers: 2 });
const dir = mkdtempSync(join(os.tmpdir(), 'kindred-swap-parity-'));
after(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

const csv = join(dir, 'people.csv');
writeFileSync(csv, swappedPeopleCsv(150, 29, false));

// review.lo 0 keeps every candidate pair, so every score is compared; the threshold splits matched from review.
const VARIANTS: Record<string, string> = {
  'one swap': `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.85
    fields:
      - {field: first_name, scorer: jaro_winkler, weight: 1, transforms: [lowercase]}
      - {field: surname, scorer: jaro_winkler, weight: 1.5, transforms: [lowercase]}
      - {field: phone, scorer: levenshtein, weight: 0.5, transforms: [digits_only]}
    swaps: [[first_name, surname]]
    negative_evidence:
      - {field: mobile, scorer: exact, threshold: 1, penalty: 0.1, transforms: [digits_only]}
  - name: same_phone
    type: exact
    fields: [{field: phone, transforms: [digits_only]}]
blocking: {keys: [{fields: [zip]}]}
review: {lo: 0}
`,
  'min_weight above the weight present': `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    min_weight: 2.5
    fields:
      - {field: first_name, scorer: levenshtein, weight: 0.7}
      - {field: surname, scorer: levenshtein, weight: 1.1}
      - {field: city, scorer: exact, weight: 0.3}
      - {field: phone, scorer: exact, weight: 0.6, transforms: [digits_only]}
    swaps: [[first_name, surname]]
blocking: {keys: [{fields: [zip]}]}
review: {lo: 0}
`,
  'min_weight counted by the rarity of the values': `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    min_weight: 2
    min_weight_by_rarity: true
    fields:
      - {field: first_name, scorer: jaro_winkler, weight: 0.9, transforms: [lowercase]}
      - {field: zip, scorer: exact, weight: 0.2}
      - {field: surname, scorer: jaro_winkler, weight: 1.3, transforms: [lowercase]}
      - {field: city, scorer: exact, weight: 0.3}
      - {field: phone, scorer: damerau_levenshtein, weight: 0.4, transforms: [digits_only]}
    swaps: [[surname, first_name]]
blocking: {keys: [{fields: [zip]}]}
review: {lo: 0}
`,
  'two swaps, one declared right to left': `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    min_weight: 1
    fields:
      - {field: first_name, scorer: jaro_winkler, weight: 0.9, transforms: [lowercase]}
      - {field: zip, scorer: exact, weight: 0.2}
      - {field: surname, scorer: jaro_winkler, weight: 1.3, transforms: [lowercase]}
      - {field: phone, scorer: damerau_levenshtein, weight: 0.4, transforms: [digits_only]}
      - {field: mobile, scorer: damerau_levenshtein, weight: 0.3, transforms: [digits_only]}
    swaps: [[surname, first_name], [phone, mobile]]
blocking: {keys: [{fields: [zip]}]}
review: {lo: 0}
`,
  'three swaps, engine-function scorer': `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.75
    min_weight: 0.5
    fields:
      - {field: first_name, scorer: token_sort, weight: 1, transforms: [uppercase]}
      - {field: surname, scorer: token_sort, weight: 1, transforms: [uppercase]}
      - {field: phone, scorer: exact, weight: 0.25, transforms: [digits_only]}
      - {field: mobile, scorer: exact, weight: 0.35, transforms: [digits_only]}
      - {field: city, scorer: jaro, weight: 0.1}
      - {field: town, scorer: jaro, weight: 0.2}
    swaps: [[first_name, surname], [phone, mobile], [town, city]]
blocking: {keys: [{fields: [zip]}]}
review: {lo: 0}
`,
};

function withoutSwaps(config: Config): Config {
  return { ...config, matchkeys: config.matchkeys.map((mk) => (mk.type === 'weighted' ? { ...mk, swaps: undefined } : mk)) };
}

for (const [name, yaml] of Object.entries(VARIANTS)) {
  test(`swapped columns, ${name}: DuckDB engine = worker-pool engine, to the bit`, async () => {
    const config = parseConfigText(yaml, `${name}.yaml`);
    const r = await compareEngines(csv, config, pool);
    assert.equal(r.candidatePairs.duckdb, r.candidatePairs.pool);
    assert.deepEqual(r.pairDifferences, []);
    assert.equal(r.keptPairs.duckdb, r.keptPairs.pool);
    assert.equal(r.keptPairs.pool, r.candidatePairs.pool);
    assert.equal(r.maxScoreDifference, 0);
    assert.deepEqual(r.clusterDifferences, []);
    // The crossed readings decide: more pairs match with the swaps than without them.
    const plain = await compareEngines(csv, withoutSwaps(config), pool);
    assert.deepEqual(plain.pairDifferences, []);
    assert.ok(r.matchedPairs.pool > plain.matchedPairs.pool + 20, `${r.matchedPairs.pool} matched with swaps, ${plain.matchedPairs.pool} without`);
  });
}
