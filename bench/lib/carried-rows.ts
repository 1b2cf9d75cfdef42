/** Rows a run did not plan (the 10M rows of a run without --10m) kept from the previous results, each with the date it was measured. */
import type { EndToEndResult, SideBySideResult } from './bench-results.js';

/** What a carried row needs: its workload and size, and the date it was measured when it was carried before. */
interface SizedRow {
  workload: string;
  rows: number;
  measured_at?: string;
}

/**
 * `fresh` with every row of `previous` whose workload and size `fresh` did
 * not measure appended, marked with when it was measured (its own
 * `measured_at` if it was already carried, else `previousRanAt`).
 *
 * @example
 * carryUnmeasured([tight1M], [tight1M, tight10M], '2026-11-27T05:55:19.910Z'); // [tight1M, tight10M dated 2026-11-27]
 */
export function carryUnmeasured<T extends SizedRow>(fresh: readonly T[], previous: readonly T[], previousRanAt: string): T[] {
  const measured = new Set(fresh.map((r) => `${r.workload}/${r.rows}`));
  const kept = previous.filter((r) => !measured.has(`${r.workload}/${r.rows}`)).map((r) => ({ ...r, measured_at: r.measured_at ?? previousRanAt }));
  return [...fresh, ...kept];
}

/**
 * The side-by-side section with the previous run's unplanned rows kept. A
 * skipped fresh run keeps nothing: it says why it did not run.
 *
 * @example
 * carrySideRows(withoutTenMillion, previousWithTenMillion).rows.at(-1)?.measured_at; // '2026-11-27T05:55:19.910Z'
 */
export function carrySideRows(fresh: SideBySideResult, previous: SideBySideResult | undefined): SideBySideResult {
  if (!('rows' in fresh) || previous === undefined || !('rows' in previous)) return fresh;
  return { ...fresh, rows: carryUnmeasured(fresh.rows, previous.rows, previous.ran_at) };
}

type EndToEndSection = { ran_at: string; quick: boolean; runs: EndToEndResult[]; skipped: string[] } | { skipped: string };

/**
 * The end-to-end section with the previous run's unplanned sizes kept (both
 * worker counts of a size go together, as the scaling table pairs them).
 *
 * @example
 * carryEndToEnd(withoutTenMillion, previousWithTenMillion).runs.filter((x) => x.rows === 10_000_000).length; // 2
 */
export function carryEndToEnd<T extends EndToEndSection>(fresh: T, previous: EndToEndSection | undefined): T {
  if (!('runs' in fresh) || previous === undefined || !('runs' in previous)) return fresh;
  return { ...fresh, runs: carryUnmeasured(fresh.runs, previous.runs, previous.ran_at) };
}
