/** `make bench`'s A/B part: each switchable optimisation switched off on its own, alternating with all on, on the same build and file (`thread-jit` only differs where 2 workers take every core). */
import { join } from 'node:path';
import { DROPS_REVIEW_BAND, OPTIMISATIONS } from '../src/engine/scoring/optimisation-switches.js';
import type { OptimisationRow, OptimisationsResult } from './lib/bench-results.js';
import { dedupeOnce, type DedupeSample } from './lib/dedupe-once.js';
import { medianOf } from './lib/median.js';
import { ensurePeopleFile, sizeLabel } from './lib/people-data.js';
import { BENCH_OUT, REPO_ROOT } from './lib/repo-paths.js';

/** Workers for every A/B run: the two cores, as in the targets. */
const WORKERS = 2;

/**
 * For each workload (1M rows; 100k with --quick) and each optimisation of
 * `KINDRED_OPTIMISATIONS_OFF`, `pairs` alternating runs with everything on
 * and with that one off (A B A B), reporting the median score-phase time of
 * each side and their ratio. The kept pairs of the two sides must be equal:
 * a row where they differ carries an error (the optimisation changed the
 * result, which its property test should have caught).
 *
 * @example
 * const r = await optimisationAB({ shared: '../shared', quick: true, pairs: 2, log });
 */
export async function optimisationAB(options: { shared: string; quick: boolean; pairs: number; log: (line: string) => void }): Promise<OptimisationsResult> {
  const { log } = options;
  const rows = options.quick ? 100_000 : 1_000_000;
  const people = await ensurePeopleFile(options.shared, rows, BENCH_OUT);
  if (!people.ok) return { skipped: `${sizeLabel(rows)} rows: ${people.reason}` };
  const out: OptimisationRow[] = [];
  for (const workload of ['tight', 'broad']) {
    const config = join(REPO_ROOT, 'bench', 'workloads', `${workload}.yaml`);
    for (const optimisation of OPTIMISATIONS) {
      const on: DedupeSample[] = [];
      const off: DedupeSample[] = [];
      for (let i = 0; i < options.pairs; i++) {
        log(`optimisations ${workload} ${sizeLabel(rows)} ${optimisation} pair ${i + 1}/${options.pairs}`);
        on.push(await dedupeOnce(people.csv, config, WORKERS, { ...process.env, KINDRED_OPTIMISATIONS_OFF: '' }));
        off.push(await dedupeOnce(people.csv, config, WORKERS, { ...process.env, KINDRED_OPTIMISATIONS_OFF: optimisation }));
      }
      const row = abRow(optimisation, workload, rows, on, off);
      log(`  ${optimisation}: score ${row.score_off_ms ?? '—'} ms off, ${row.score_on_ms ?? '—'} ms on${row.errors.length ? `; ${row.errors.join('; ')}` : ''}`);
      out.push(row);
    }
  }
  return { ran_at: new Date().toISOString(), workers: WORKERS, rows: out, skipped: options.quick ? ['1M-row runs (--quick)'] : [] };
}

/**
 * One A/B row from the alternating runs.
 *
 * @example
 * abRow('prune', 'broad', 1_000_000, on, off).speedup; // 1.9
 */
export function abRow(optimisation: string, workload: string, rows: number, on: readonly DedupeSample[], off: readonly DedupeSample[]): OptimisationRow {
  const errors: string[] = [];
  for (const s of [...on, ...off]) if (s.error !== null) errors.push(s.error);
  const ok = (xs: readonly DedupeSample[]): DedupeSample[] => xs.filter((s) => s.error === null);
  const score = (xs: readonly DedupeSample[]): number | null => medianOf(ok(xs).map((s) => s.phasesMs.score ?? null));
  // The one count every successful run of a side reports, or null when they disagree.
  const sole = (xs: readonly DedupeSample[], count: (s: DedupeSample) => number | null): number | null => {
    const v = [...new Set(ok(xs).map(count))];
    return v.length === 1 ? v[0] : null;
  };
  const [keptOn, keptOff] = [sole(on, (s) => s.keptPairs), sole(off, (s) => s.keptPairs)];
  // Dropping the review band keeps fewer pairs by design: there the matched pairs must agree.
  const compared = (DROPS_REVIEW_BAND as readonly string[]).includes(optimisation) ? 'matched pairs' : 'kept pairs';
  if (compared === 'kept pairs' && keptOn !== keptOff) errors.push(`kept pairs differ: ${String(keptOn)} on, ${String(keptOff)} off — the optimisation is not exact`);
  const [matchedOn, matchedOff] = [sole(on, (s) => s.matchedPairs), sole(off, (s) => s.matchedPairs)];
  if (matchedOn !== matchedOff) errors.push(`matched pairs differ: ${String(matchedOn)} on, ${String(matchedOff)} off — the optimisation is not exact`);
  const [scoreOn, scoreOff] = [score(on), score(off)];
  return {
    optimisation,
    workload,
    rows,
    pairs: Math.min(on.length, off.length),
    score_on_ms: scoreOn,
    score_off_ms: scoreOff,
    wall_on_ms: medianOf(ok(on).map((s) => s.wallMs)),
    wall_off_ms: medianOf(ok(off).map((s) => s.wallMs)),
    speedup: scoreOn !== null && scoreOff !== null && scoreOn > 0 ? scoreOff / scoreOn : null,
    kept_on: keptOn,
    kept_off: keptOff,
    compared,
    errors,
  };
}
