/** Test helper: runs one configuration on one CSV with both engines and reports every difference in candidates, kept pairs, scores and clusters. */
import assert from 'node:assert/strict';
import type { Config } from '../../../src/config/types.js';
import { ingestCsv } from '../../../src/data/ingest.js';
import { matchedLinks, runMatching } from '../../../src/engine/run.js';
import { defaultDuckdbLimits, runDuckdb } from '../../../src/engine/sql/run-duckdb.js';
import type { WorkerPool } from '../../../src/engine/worker-pool.js';

/** How the two engines compared. */
export interface ParityReport {
  rows: number;
  candidatePairs: { pool: number | null; duckdb: number };
  keptPairs: { pool: number; duckdb: number };
  /** Kept pairs flagged matched (not only in the review band). */
  matchedPairs: { pool: number; duckdb: number };
  /** Kept pairs one engine has and the other lacks, or with another deciding matchkey or matched flag (first few). */
  pairDifferences: string[];
  /** Largest |score difference| over the kept pairs both have. */
  maxScoreDifference: number;
  /** Rows whose cluster differs (first few). */
  clusterDifferences: string[];
}

/**
 * Runs `config` on `file` with the worker-pool engine and with DuckDB.
 *
 * @example
 * const r = await compareEngines('people.csv', config, pool);
 * assert.deepEqual(r.pairDifferences, []);
 */
export async function compareEngines(file: string, config: Config, pool: WorkerPool): Promise<ParityReport> {
  const { store } = await ingestCsv(file, pool);
  const ref = await runMatching(store, config, pool);
  const limits = { ...defaultDuckdbLimits(), threads: 2, memoryLimit: '1GB' };
  const got = await runDuckdb(file, config, limits, { models: ref.handle.models });
  const key = (a: number, b: number): string => `${a}-${b}`;
  const mine = new Map<string, { score: number; flags: number }>();
  for (let i = 0; i < ref.pairs.count; i++) mine.set(key(ref.pairs.a[i], ref.pairs.b[i]), { score: ref.pairs.score[i], flags: ref.pairs.flags[i] });
  const pairDifferences: string[] = [];
  let maxScoreDifference = 0;
  const seen = new Set<string>();
  for (let i = 0; i < got.pairs.count; i++) {
    const k = key(got.pairs.a[i], got.pairs.b[i]);
    seen.add(k);
    const m = mine.get(k);
    if (m === undefined) pairDifferences.push(`${k} only in duckdb (score ${got.pairs.score[i]})`);
    else {
      maxScoreDifference = Math.max(maxScoreDifference, Math.abs(m.score - got.pairs.score[i]));
      if (m.flags !== got.pairs.flags[i]) pairDifferences.push(`${k} flags pool ${m.flags} duckdb ${got.pairs.flags[i]}`);
    }
  }
  for (const [k, m] of mine) if (!seen.has(k)) pairDifferences.push(`${k} only in pool (score ${m.score})`);
  const clusterDifferences: string[] = [];
  for (let r = 0; r < store.rowCount; r++) {
    if (ref.clusterOf[r] !== got.clusterOf[r]) clusterDifferences.push(`row ${r}: pool ${ref.clusterOf[r]} duckdb ${got.clusterOf[r]}`);
  }
  return {
    rows: store.rowCount,
    candidatePairs: { pool: ref.candidatePairs, duckdb: got.candidatePairs },
    keptPairs: { pool: ref.pairs.count, duckdb: got.pairs.count },
    matchedPairs: { pool: matchedLinks(ref.pairs).count, duckdb: matchedLinks(got.pairs).count },
    pairDifferences: pairDifferences.slice(0, 10),
    maxScoreDifference,
    clusterDifferences: clusterDifferences.slice(0, 10),
  };
}

/**
 * Asserts the two engines agree: the same candidate count, kept pairs (with
 * flags), scores to the bit and clusters.
 *
 * @example
 * assertSameResults(await compareEngines(file, config, pool));
 */
export function assertSameResults(r: ParityReport): void {
  assert.equal(r.candidatePairs.duckdb, r.candidatePairs.pool);
  assert.deepEqual(r.pairDifferences, []);
  assert.equal(r.maxScoreDifference, 0);
  assert.deepEqual(r.clusterDifferences, []);
}
