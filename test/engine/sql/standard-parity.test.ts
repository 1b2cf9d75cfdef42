/** The standard workloads (../shared/bench/README.md: tight and broad) give the same candidates, kept pairs, scores and clusters on the DuckDB engine as on the worker pool. 5,000 generated rows by default; KINDRED_PARITY_ROWS=100000 for the size. Skipped when the shared generator is absent. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { loadConfigFile } from '../../../src/config/index.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { REPO_ROOT } from '../../cli/run-cli.js';
import { compareEngines } from './engine-parity.js';

const ROWS = Number(process.env.KINDRED_PARITY_ROWS ?? 5000);
const GENERATOR = [join(REPO_ROOT, '..', 'shared'), join(REPO_ROOT, '..', '..', 'shared')].map((d) => join(d, 'tools', 'gen_people.mjs')).find((f) => existsSync(f));
const pool = new WorkerPool({ workers: 2 });
const dir = mkdtempSync(join(os.tmpdir(), 'kindred-standard-parity-'));
after(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

const csv = join(dir, 'people.csv');
if (GENERATOR !== undefined) execFileSync(process.execPath, [GENERATOR, '--rows', String(ROWS), '--seed', '42', '--out', csv], { stdio: 'ignore' });

for (const workload of ['tight', 'broad']) {
  test(`${workload} on ${ROWS} generated rows: DuckDB engine = worker-pool engine`, { skip: GENERATOR === undefined ? 'shared/tools/gen_people.mjs not found' : false }, async () => {
    const r = await compareEngines(csv, loadConfigFile(join(REPO_ROOT, 'bench', 'workloads', `${workload}.yaml`)), pool);
    assert.equal(r.rows, ROWS);
    assert.equal(r.candidatePairs.duckdb, r.candidatePairs.pool);
    assert.deepEqual(r.pairDifferences, []);
    assert.equal(r.keptPairs.duckdb, r.keptPairs.pool);
    assert.equal(r.maxScoreDifference, 0);
    assert.deepEqual(r.clusterDifferences, []);
    assert.ok(r.keptPairs.pool > ROWS / 20, `${r.keptPairs.pool} kept pairs`);
  });
}
