/** `make bench`'s side-by-side part: the reference SQL pipeline, kindred's worker pool and (tight workload) kindred's DuckDB engine on the same generated file, alternating, reported as ratios. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DuckdbSideFigures, SideBySideResult, SideBySideRow, SideFigures } from './lib/bench-results.js';
import { dedupeOnce, type DedupeSample } from './lib/dedupe-once.js';
import { ensureReference, referenceOnce, type ReferenceSample } from './lib/duckdb-reference.js';
import { medianOf } from './lib/median.js';
import { ensurePeopleFile, sizeLabel } from './lib/people-data.js';
import { BENCH_OUT, REPO_ROOT } from './lib/repo-paths.js';

/** Threads for DuckDB and workers for kindred: the same two cores each. */
export const SIDE_BY_SIDE_THREADS = 2;

/** The DuckDB engine's memory limit at every size: the 10M-row setting (peak RSS target 5 GB). */
export const DUCKDB_MEMORY_LIMIT = '4GB';

/** One step of the plan: a workload at a size, how many alternating pairs, and whether the DuckDB engine runs too. */
export interface SideBySideStep {
  workload: string;
  rows: number;
  pairs: number;
  duckdb: boolean;
}

/**
 * The runs: every workload at 100k (3 alternating pairs, or `repeat`) and
 * 1M (one pair, but 3 or `repeat` for tight: its ratio sits nearest its target, and the reference's
 * own wall for it has ranged from 11.3 to 20.4 s across single runs, so a
 * median of three says more; broad's pair costs a minute and a half);
 * at 10M the tight workload only, one pair, when asked for (a 1 GB file and
 * minutes per run). The DuckDB engine runs on the tight workload (the one
 * its targets are stated for). `rows` replaces every size with one small
 * one, one pair each: a smoke run of the code path, whose figures mean
 * nothing (bench/run.ts keeps them out of the results and the document).
 *
 * @example
 * sideBySidePlan({ quick: false, tenMillion: false, repeat: 3 }).map((p) => `${p.workload}/${p.rows}`);
 */
export function sideBySidePlan(options: { quick: boolean; tenMillion: boolean; repeat: number; rows?: number }): SideBySideStep[] {
  if (options.rows !== undefined) {
    return [
      { workload: 'tight', rows: options.rows, pairs: 1, duckdb: true },
      { workload: 'broad', rows: options.rows, pairs: 1, duckdb: false },
    ];
  }
  const plan: SideBySideStep[] = [
    { workload: 'tight', rows: 100_000, pairs: Math.max(3, options.repeat), duckdb: true },
    { workload: 'broad', rows: 100_000, pairs: Math.max(3, options.repeat), duckdb: false },
  ];
  if (!options.quick) plan.push({ workload: 'tight', rows: 1_000_000, pairs: Math.max(3, options.repeat), duckdb: true }, { workload: 'broad', rows: 1_000_000, pairs: 1, duckdb: false });
  if (options.tenMillion) plan.push({ workload: 'tight', rows: 10_000_000, pairs: 1, duckdb: true });
  return plan;
}

/**
 * Runs the plan: for each workload and size, reference then kindred (then
 * kindred's DuckDB engine where planned), so a drift in machine load hits
 * all (A B C A B C …). Each row reports every wall (median and each run),
 * peak RSS, candidate-pair and match-pair counts, the ratio reference ÷
 * kindred and DuckDB engine ÷ reference of the median walls. A side whose
 * candidate pairs differ from the reference's carries an error: it did not
 * do the same work and its ratio means nothing.
 *
 * @example
 * const s = await sideBySide({ shared: '../shared', quick: true, tenMillion: false, repeat: 3, log });
 */
export async function sideBySide(options: {
  shared: string;
  quick: boolean;
  tenMillion: boolean;
  repeat: number;
  rows?: number;
  log: (line: string) => void;
}): Promise<SideBySideResult> {
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
    const duck: DedupeSample[] = [];
    // A spill folder of its own under bench/out (kept: a named --temp-dir is), emptied after each run.
    const spill = join(BENCH_OUT, 'duckdb-spill');
    for (let i = 0; i < step.pairs; i++) {
      const at = `side by side ${step.workload} ${sizeLabel(step.rows)} pair ${i + 1}/${step.pairs}`;
      log(`${at}: reference`);
      refs.push(await referenceOnce(reference.dir, people.csv, step.workload, join(BENCH_OUT, `reference-${step.workload}-${sizeLabel(step.rows)}`), SIDE_BY_SIDE_THREADS));
      log(`${at}: kindred`);
      ours.push(await dedupeOnce(people.csv, config, SIDE_BY_SIDE_THREADS));
      if (step.duckdb) {
        log(`${at}: kindred --engine duckdb --memory-limit ${DUCKDB_MEMORY_LIMIT}`);
        duck.push(await dedupeOnce(people.csv, config, SIDE_BY_SIDE_THREADS, process.env, ['--engine', 'duckdb', '--memory-limit', DUCKDB_MEMORY_LIMIT, '--temp-dir', spill]));
        rmSync(spill, { recursive: true, force: true });
      }
    }
    const row = compare(step.workload, step.rows, refs, ours, step.duckdb ? duck : undefined);
    for (const e of row.errors) log(`  ${e}`);
    const seconds = (ms: number | null): string => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);
    if (row.ratio !== null) log(`  ratio ${row.ratio.toFixed(2)}× (reference ${seconds(row.reference.wall_ms)}, kindred ${seconds(row.kindred.wall_ms)})`);
    if (row.duckdb_vs_reference != null) log(`  DuckDB engine ÷ reference ${row.duckdb_vs_reference.toFixed(2)}× (DuckDB engine ${seconds(row.duckdb?.wall_ms ?? null)})`);
    rows.push(row);
  }
  return { ran_at: new Date().toISOString(), threads: SIDE_BY_SIDE_THREADS, rows, skipped };
}

/**
 * One row of the side-by-side table from the alternating runs (the DuckDB
 * engine's when it ran).
 *
 * @example
 * compare('tight', 100_000, refs, ours).ratio; // 4.1
 */
export function compare(workload: string, rows: number, refs: readonly ReferenceSample[], ours: readonly DedupeSample[], duck?: readonly DedupeSample[]): SideBySideRow {
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
  const row: SideBySideRow = {
    workload,
    rows,
    pairs: Math.min(refs.length, ours.length),
    reference,
    kindred,
    ratio: refWall !== null && ourWall !== null && ourWall > 0 && !differ ? refWall / ourWall : null,
    errors,
  };
  if (duck === undefined) return row;
  for (const k of duck) if (k.error !== null) errors.push(`DuckDB engine failed: ${k.error}`);
  const ok = duck.filter((k) => k.error === null);
  const figures = side(ok.map((k) => ({ ...k, matched: k.matchedPairs })));
  const wall = figures.wall_ms;
  const phaseNames = [...new Set(ok.flatMap((k) => Object.keys(k.phasesMs)))];
  row.duckdb = {
    ...figures,
    memory_limit: DUCKDB_MEMORY_LIMIT,
    pairs_per_second: wall !== null && wall > 0 && figures.candidate_pairs !== null ? figures.candidate_pairs / (wall / 1000) : null,
    phases_ms: Object.fromEntries(phaseNames.map((p) => [p, medianOf(ok.map((k) => k.phasesMs[p] ?? null)) ?? NaN])),
  } satisfies DuckdbSideFigures;
  const duckDiffers = reference.candidate_pairs !== null && figures.candidate_pairs !== null && reference.candidate_pairs !== figures.candidate_pairs;
  if (duckDiffers) {
    errors.push(`candidate pairs differ: reference ${String(reference.candidate_pairs)}, DuckDB engine ${String(figures.candidate_pairs)} — not the same work, its ratio is void`);
  }
  row.duckdb_vs_reference = wall !== null && refWall !== null && refWall > 0 && !duckDiffers ? wall / refWall : null;
  return row;
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
