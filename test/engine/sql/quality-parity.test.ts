/** The DuckDB engine equals the worker-pool engine on shared quality datasets (dedupe and link, one and two matchkeys, negative evidence): same candidates, kept pairs, scores and clusters. Skipped when ../shared/data is absent. */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { readManifest } from '../../../bench/lib/dataset-manifest.js';
import { buildLinkTable } from '../../../bench/lib/link-table.js';
import { REPO_ROOT } from '../../../bench/lib/repo-paths.js';
import { loadConfigFile } from '../../../src/config/index.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { compareEngines } from './engine-parity.js';

// The shared folder sits beside the repository (../shared); a worktree one level deeper finds it one level up.
const SHARED = process.env.KINDRED_SHARED ?? [join(REPO_ROOT, '..', 'shared'), join(REPO_ROOT, '..', '..', 'shared')].find((p) => existsSync(p)) ?? join(REPO_ROOT, '..', 'shared');
const datasets = readManifest(SHARED) ?? [];
const pool = new WorkerPool({ workers: 2 });
const scratch = mkdtempSync(join(os.tmpdir(), 'kindred-quality-parity-'));
after(async () => {
  await pool.close();
  rmSync(scratch, { recursive: true, force: true });
});

// febrl3: dedupe, soundex keys, token_sort and levenshtein (engine functions and built-ins);
// febrl4: link_only; splink_fake_1000: two matchkeys and max_cluster_size; dblp_acm: link with negative evidence;
// then Fellegi-Sunter matchkeys (configurations beside this test): febrl2 dedupe, febrl4 link.
const CASES: Array<{ name: string; config: string }> = [
  ...['febrl3', 'febrl4', 'splink_fake_1000', 'dblp_acm'].map((name) => ({ name, config: join(REPO_ROOT, 'data', 'configs', `${name}.yaml`) })),
  { name: 'febrl2', config: join(REPO_ROOT, 'test', 'engine', 'sql', 'configs', 'febrl-probabilistic.yaml') },
  { name: 'febrl4', config: join(REPO_ROOT, 'test', 'engine', 'sql', 'configs', 'febrl-link-probabilistic.yaml') },
];
for (const { name, config } of CASES) {
  const d = datasets.find((x) => x.name === name);
  test(`${name} with ${config.slice(REPO_ROOT.length)}: DuckDB engine = worker-pool engine`, { skip: d === undefined ? `${SHARED}/data has no ${name}` : false }, async () => {
    if (d === undefined) return;
    const dir = join(SHARED, 'data', d.name);
    const csv = d.kind === 'dedupe' ? join(dir, d.records) : (await buildLinkTable(d, dir, scratch)).csv;
    assert.ok(existsSync(csv));
    const r = await compareEngines(csv, loadConfigFile(config), pool);
    assert.equal(r.candidatePairs.duckdb, r.candidatePairs.pool, 'candidate pairs');
    assert.deepEqual(r.pairDifferences, []);
    assert.equal(r.keptPairs.duckdb, r.keptPairs.pool);
    assert.ok(r.maxScoreDifference <= 1e-9, `max score difference ${r.maxScoreDifference}`);
    assert.deepEqual(r.clusterDifferences, []);
    assert.ok(r.keptPairs.pool > 0);
  });
}
