/** One timed `kindred dedupe` child process: wall, peak RSS, per-phase times and the pair counts its phase log reports. */
import { join } from 'node:path';
import { loggedCount, parsePhaseLog } from './phase-log.js';
import { BENCH_OUT, CLI, REPO_ROOT } from './repo-paths.js';
import { runTimed } from './timed-process.js';

/** What one `kindred dedupe` run measured. */
export interface DedupeSample {
  wallMs: number;
  peakRssBytes: number | null;
  phasesMs: Record<string, number>;
  candidatePairs: number | null;
  keptPairs: number | null;
  /** Matched pairs (the cluster phase's `links`): what a reference pipeline calls its match pairs. */
  matchedPairs: number | null;
  error: string | null;
}

/**
 * Runs `kindred dedupe --file csv --config config --workers n`, writing the
 * clusters under bench/out. The phase log stays on (no --quiet): it is a
 * handful of lines and gives the per-phase timings and pair counts. `env`
 * is the child's environment (the A/B runs switch optimisations off there);
 * `engineArgs` choose another engine (`--engine duckdb --memory-limit 4GB …`),
 * whose phase log names the same counts.
 *
 * @example
 * const s = await dedupeOnce('bench/out/people-100k.csv', 'bench/workloads/tight.yaml', 2);
 * s.candidatePairs; // 130520
 */
export async function dedupeOnce(csv: string, config: string, workers: number, env: NodeJS.ProcessEnv = process.env, engineArgs: readonly string[] = []): Promise<DedupeSample> {
  const out = join(BENCH_OUT, `dedupe-${engineArgs.length > 0 ? 'engine-' : ''}${workers}w.csv`);
  const r = await runTimed(process.execPath, [CLI, 'dedupe', '--file', csv, '--config', config, '--out', out, '--workers', String(workers), ...engineArgs], REPO_ROOT, 0, env);
  const phases = parsePhaseLog(r.stderr);
  const phasesMs: Record<string, number> = {};
  for (const [name, p] of phases) phasesMs[name] = p.seconds * 1000;
  return {
    wallMs: r.wallMs,
    peakRssBytes: r.peakRssBytes,
    phasesMs,
    candidatePairs: loggedCount(phases.get('score'), 'candidate_pairs'),
    keptPairs: loggedCount(phases.get('score'), 'kept_pairs'),
    matchedPairs: loggedCount(phases.get('cluster'), 'links'),
    error: r.code === 0 ? null : `exit ${r.code}: ${r.stderr.trim().split('\n').slice(-3).join(' / ')}`,
  };
}
