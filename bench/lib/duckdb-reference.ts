/** The reference SQL pipeline of ../shared/bench/duckdb-reference: installed on first use and run as a timed child process on the same file as kindred. */
import { spawnSync } from 'node:child_process';
import { totalmem } from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runTimed } from './timed-process.js';

/** The pipeline's folder, ready to run, or why it cannot run here. */
export type ReferencePipeline = { ok: true; dir: string } | { ok: false; reason: string };

/** What one reference run measured. */
export interface ReferenceSample {
  wallMs: number;
  peakRssBytes: number | null;
  candidatePairs: number | null;
  matchPairs: number | null;
  /** The pipeline's own phase timings (seconds), as it reports them. */
  timings: Record<string, number>;
  error: string | null;
}

/** npm may take this long to install DuckDB's binding. */
const INSTALL_TIMEOUT_MS = 300_000;

/**
 * Finds the reference pipeline under `<shared>/bench/duckdb-reference` and
 * installs its one dependency (`npm install` in its folder) when it is not
 * there yet. Never throws: a missing folder or a failed install is a reason
 * to skip, reported in the results.
 *
 * @example
 * const ref = ensureReference('../shared');
 * if (!ref.ok) log(`side by side skipped: ${ref.reason}`);
 */
export function ensureReference(shared: string): ReferencePipeline {
  const dir = join(shared, 'bench', 'duckdb-reference');
  if (!existsSync(join(dir, 'run.mjs'))) return { ok: false, reason: `${join(dir, 'run.mjs')} not found` };
  if (existsSync(join(dir, 'node_modules', '@duckdb', 'node-api', 'package.json'))) return { ok: true, dir };
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], timeout: INSTALL_TIMEOUT_MS });
  if (r.status !== 0) {
    const why = r.error?.message ?? r.stderr?.toString().trim().split('\n').slice(-2).join(' ') ?? `exit ${String(r.status)}`;
    return { ok: false, reason: `npm install in ${dir} failed: ${why}` };
  }
  return { ok: true, dir };
}

/**
 * Runs the reference pipeline on `csv` with the workload spec
 * `<dir>/<workload>.json` and `threads` DuckDB threads, timed from spawn to
 * exit like kindred's runs, and reads the counts it writes to
 * `<outPrefix>.run.json`.
 *
 * @example
 * const s = await referenceOnce(ref.dir, 'bench/out/people-1M.csv', 'tight', 'bench/out/ref-tight', 2);
 * s.candidatePairs; // 5663188
 */
export async function referenceOnce(dir: string, csv: string, workload: string, outPrefix: string, threads: number): Promise<ReferenceSample> {
  // Its JavaScript reads every match pair and row id into arrays: at 10M rows that outgrew
  // Node's default heap (exit 134). A third of RAM as heap leaves the rest to DuckDB.
  const heapMb = Math.floor(totalmem() / 2 ** 20 / 3);
  const r = await runTimed(process.execPath, [`--max-old-space-size=${heapMb}`, join(dir, 'run.mjs'), csv, join(dir, `${workload}.json`), outPrefix, '--threads', String(threads)], dir);
  const failed = (error: string): ReferenceSample => ({ wallMs: r.wallMs, peakRssBytes: r.peakRssBytes, candidatePairs: null, matchPairs: null, timings: {}, error });
  if (r.code !== 0) return failed(`exit ${String(r.code)}: ${r.stderr.trim().split('\n').slice(-3).join(' / ')}`);
  try {
    const info = JSON.parse(readFileSync(`${outPrefix}.run.json`, 'utf8')) as { candidatePairs: number; matchPairs: number; timings: Record<string, number> };
    return { wallMs: r.wallMs, peakRssBytes: r.peakRssBytes, candidatePairs: info.candidatePairs, matchPairs: info.matchPairs, timings: info.timings, error: null };
  } catch (e) {
    return failed(`no readable ${outPrefix}.run.json (${e instanceof Error ? e.message : String(e)})`);
  }
}
