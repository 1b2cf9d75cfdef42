/** `make bench`'s side-by-side part: the reference SQL pipeline and kindred on the same generated file, alternating, reported as ratios. */
import { join } from 'node:path';
import type { SideBySideResult, SideBySideRow, SideFigures } from './lib/bench-results.js';
import { dedupeOnce, type DedupeSample } from './lib/dedupe-once.js';
import { ensureReference, referenceOnce, type ReferenceSample } from './lib/duckdb-reference.js';
import { medianOf } from './lib/median.js';
import { ensurePeopleFile, sizeLabel } from './lib/people-data.js';
import { BENCH_OUT, REPO_ROOT } from './lib/repo-paths.js';

/** Threads for DuckDB and workers for kindred: the same two cores each. */
export const SIDE_BY_SIDE_THREADS = 2;

/**
 * The runs: every workload at 100k (3 alternating pairs) and 1M (one pair);
 * at 10M the tight workload only, one pair, when asked for (a 1 GB file and
 * minutes per run).
 *
 * @example
 * sideBySidePlan({ quick: false, tenMillion: false }).map((p) => `${p.workload}/${p.rows}`);
 */
export function sideBySidePlan(options: { quick: boolean; tenMillion: boolean; repeat: number }): Array<{ workload: string; rows: number; pairs: number }> {
  const plan = [
    { workload: 'tight', rows: 100_000, pairs: Math.max(3, options.repeat) },
    { workload: 'broad', rows: 100_000, pairs: Math.max(3, options.repeat) },
  ];
  if (!options.quick) plan.push({ workload: 'tight', rows: 1_000_000, pairs: 1 }, { workload: 'broad', rows: 1_000_000, pairs: 1 });
  if (options.tenMillion) plan.push({ workload: 'tight', rows: 10_000_000, pairs: 1 });
  return plan;
}

/**
 * Runs the plan: for each workload and size, reference then kindred, so a
 * drift in machine load hits both (A B A B …). Each row reports both walls
 * (median and every run), both peak RSS figures, both candidate-pair and
 * match-pair counts, and the ratio reference ÷ kindred of the median walls.
 * A row whose candidate pairs differ carries an error: the two did not do
 * the same work and the ratio means nothing.
 *
 * @example
 * const s = await sideBySide({ shared: '../shared', quick: true, tenMillion: false, repeat: 3, log });
 */
export async function sideBySide(options: { shared: string; quick: boolean; tenMillion: boolean; repeat: number; log: (line: string) => void }): Promise<SideBySideResult> {
  const { log } = options;
  const reference = ensureReference(options.shared);
  if (!reference.ok) {
    log(`side by side skipped: ${reference.reason}`);
    return { skipped: reference.reason };
  }
  const rows: SideBySideRow[] = [];
  const skipped: string[] = [];
  if (options.quick) skipped.push('1M-row runs (--quick)');
  if (!options.tenMillion) skipped.push('10M-row run (pass --10m)');
  for (const step of sideBySidePlan(options)) {
    const people = await ensurePeopleFile(options.shared, step.rows, BENCH_OUT);
    if (!people.ok) {
      skipped.push(`${step.workload} ${sizeLabel(step.rows)}: ${people.reason}`);
      continue;
    }
    const config = join(REPO_ROOT, 'bench', 'workloads', `${step.workload}.yaml`);
    const refs: ReferenceSample[] = [];
    const ours: DedupeSample[] = [];
    for (let i = 0; i < step.pairs; i++) {
      log(`side by side ${step.workload} ${sizeLabel(step.rows)} pair ${i + 1}/${step.pairs}: reference`);
      refs.push(await referenceOnce(reference.dir, people.csv, step.workload, join(BENCH_OUT, `reference-${step.workload}-${sizeLabel(step.rows)}`), SIDE_BY_SIDE_THREADS));
      log(`side by side ${step.workload} ${sizeLabel(step.rows)} pair ${i + 1}/${step.pairs}: kindred`);
      ours.push(await dedupeOnce(people.csv, config, SIDE_BY_SIDE_THREADS));
    }
    const row = compare(step.workload, step.rows, refs, ours);
    for (const e of row.errors) log(`  ${e}`);
    const seconds = (ms: number | null): string => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);
    if (row.ratio !== null) log(`  ratio ${row.ratio.toFixed(2)}× (reference ${seconds(row.reference.wall_ms)}, kindred ${seconds(row.kindred.wall_ms)})`);
    rows.push(row);
  }
  return { ran_at: new Date().toISOString(), threads: SIDE_BY_SIDE_THREADS, rows, skipped };
}

/**
 * One row of the side-by-side table from the alternating runs.
 *
 * @example
 * compare('tight', 100_000, refs, ours).ratio; // 4.1
 */
export function compare(workload: string, rows: number, refs: readonly ReferenceSample[], ours: readonly DedupeSample[]): SideBySideRow {
  const errors: string[] = [];
  for (const r of refs) if (r.error !== null) errors.push(`reference failed: ${r.error}`);
  for (const k of ours) if (k.error !== null) errors.push(`kindred failed: ${k.error}`);
  const reference = side(refs.filter((r) => r.error === null).map((r) => ({ ...r, matched: r.matchPairs })));
  const kindred = side(ours.filter((k) => k.error === null).map((k) => ({ ...k, matched: k.matchedPairs })));
  const differ = reference.candidate_pairs !== null && kindred.candidate_pairs !== null && reference.candidate_pairs !== kindred.candidate_pairs;
  if (differ) {
    errors.push(`candidate pairs differ: reference ${String(reference.candidate_pairs)}, kindred ${String(kindred.candidate_pairs)} — not the same work, the ratio is void`);
  }
  const [refWall, ourWall] = [reference.wall_ms, kindred.wall_ms];
  return {
    workload,
    rows,
    pairs: Math.min(refs.length, ours.length),
    reference,
    kindred,
    ratio: refWall !== null && ourWall !== null && ourWall > 0 && !differ ? refWall / ourWall : null,
    errors,
  };
}

/** One side's figures from its successful runs: medians, every wall, and the candidate pairs when the runs agree on them. */
function side(runs: ReadonlyArray<{ wallMs: number; peakRssBytes: number | null; candidatePairs: number | null; matched: number | null }>): SideFigures {
  const pairs = distinct(runs.map((r) => r.candidatePairs));
  return {
    wall_ms: medianOf(runs.map((r) => r.wallMs)),
    wall_runs_ms: runs.map((r) => Math.round(r.wallMs)),
    peak_rss_bytes: medianOf(runs.map((r) => r.peakRssBytes)),
    candidate_pairs: pairs.length === 1 ? pairs[0] : null,
    match_pairs: medianOf(runs.map((r) => r.matched)),
  };
}

function distinct(xs: ReadonlyArray<number | null>): number[] {
  return [...new Set(xs.filter((x): x is number => x !== null))];
}
