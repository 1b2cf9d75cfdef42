/** Side-by-side rows a run did not plan (the 10M rows of a run without --10m) kept from the previous results, each with the date it was measured. */
import type { SideBySideResult } from './bench-results.js';

/**
 * `fresh` with every row of `previous` whose workload and size `fresh` did
 * not measure appended, marked with when it was measured (its own
 * `measured_at` if it was already carried, else the previous run's
 * `ran_at`). A skipped fresh run keeps nothing: it says why it did not run.
 *
 * @example
 * carrySideRows(withoutTenMillion, previousWithTenMillion).rows.at(-1)?.measured_at; // '2026-11-27T05:55:19.910Z'
 */
export function carrySideRows(fresh: SideBySideResult, previous: SideBySideResult | undefined): SideBySideResult {
  if (!('rows' in fresh) || previous === undefined || !('rows' in previous)) return fresh;
  const measured = new Set(fresh.rows.map((r) => `${r.workload}/${r.rows}`));
  const kept = previous.rows.filter((r) => !measured.has(`${r.workload}/${r.rows}`)).map((r) => ({ ...r, measured_at: r.measured_at ?? previous.ran_at }));
  return { ...fresh, rows: [...fresh.rows, ...kept] };
}
