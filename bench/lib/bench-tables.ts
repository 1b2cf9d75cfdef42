/** Turns bench/results.json into the Markdown tables of docs/benchmarks.md: scorers, end-to-end runs, phases, scaling, the server, living data and targets. */
import type { AutoconfigBenchResult, BenchResults, EndToEndResult, SideBySideRow } from './bench-results.js';
import { markdownTable } from './markdown.js';
import { formatCount, formatFixed, formatGigabytes, formatRate, formatSeconds } from './number-format.js';
import { sizeLabel } from './people-data.js';
import { livingSection, livingTargetRows } from './living-tables.js';
import { serverSection, serverTargetRows } from './server-tables.js';

/** Jaro–Winkler comparisons per second per core the engine is expected to reach (issue 14). */
const JW_TARGET = 10_000_000;
/** How many times faster than the reference pipeline, side by side on the same file (issue 14). */
const RATIO_TARGETS: ReadonlyArray<{ workload: string; rows: number; ratio: number; maxRssBytes: number | null }> = [
  { workload: 'tight', rows: 1_000_000, ratio: 6, maxRssBytes: null },
  { workload: 'broad', rows: 1_000_000, ratio: 8, maxRssBytes: null },
  { workload: 'tight', rows: 10_000_000, ratio: 5, maxRssBytes: 8e9 },
];
const SPEEDUP_TARGET = 1.8;
/** The DuckDB engine against the reference pipeline, and its memory at 10M rows (issue 17). */
const DUCKDB_TARGETS = { rows: 1_000_000, maxRatio: 1.5, tenMillionRows: 10_000_000, maxRssBytes: 5e9 } as const;

/**
 * The generated sections of docs/benchmarks.md by marker name (see
 * `replaceSection`).
 *
 * @example
 * for (const [name, table] of Object.entries(benchTables(results))) doc = replaceSection(doc, name, table);
 */
export function benchTables(r: BenchResults): Record<string, string> {
  return {
    'bench:meta': metaSection(r),
    'bench:targets': targetsTable(r),
    'bench:scorers': scorersTable(r),
    'bench:side-by-side': sideBySideTable(r),
    'bench:duckdb-engine': duckdbEngineTable(r),
    'bench:optimisations': optimisationsTable(r),
    'bench:e2e': endToEndTable(r),
    'bench:scaling': scalingTable(r),
    'bench:phases': phasesTable(r),
    'bench:server': serverSection(r),
    'bench:living': livingSection(r),
    'bench:autoconfig': autoconfigTable(r),
  };
}

function e2eRuns(r: BenchResults): EndToEndResult[] {
  return 'runs' in r.end_to_end ? r.end_to_end.runs : [];
}

function find(r: BenchResults, workload: string, rows: number, workers: number): EndToEndResult | undefined {
  return e2eRuns(r).find((x) => x.workload === workload && x.rows === rows && x.workers === workers);
}

function metaSection(r: BenchResults): string {
  const m = r.machine;
  const lines = [
    `Generated ${r.generated_at} from commit \`${r.commit}\` by \`make bench\`.`,
    '',
    `Machine: ${m.cpus} cores (${m.cpuModel}), ${m.totalMemoryGb} GB RAM, Node ${m.node}, ${m.platform}; ` +
      `1-minute load average at the start: ${m.loadAverageAtStart}.`,
    `Peak memory: ${r.rss_method}.`,
  ];
  if ('skipped' in r.scorers) lines.push('', `Scorer micro-benchmarks skipped: ${r.scorers.skipped}.`);
  else lines.push('', `Scorer micro-benchmarks measured ${r.scorers.ran_at} (median of ${r.scorers.repeats}).`);
  if (!('runs' in r.end_to_end)) lines.push(`End-to-end runs skipped: ${r.end_to_end.skipped}.`);
  else {
    lines.push(`End-to-end runs measured ${r.end_to_end.ran_at}${r.end_to_end.quick ? ' with --quick' : ''}.`);
    for (const s of r.end_to_end.skipped) lines.push(`- skipped: ${s}`);
    for (const run of r.end_to_end.runs) {
      for (const e of run.errors) lines.push(`- ${run.workload} ${sizeLabel(run.rows)} workers=${run.workers} failed: ${e}`);
    }
  }
  if (r.server !== undefined && 'health' in r.server) lines.push(`Server benchmark measured ${r.server.ran_at}.`);
  else lines.push(`Server benchmark skipped: ${r.server?.skipped ?? 'not run yet'}.`);
  if (r.living !== undefined && 'plan' in r.living) lines.push(`Living-data benchmark measured ${r.living.ran_at}.`);
  else lines.push(`Living-data benchmark skipped: ${r.living?.skipped ?? 'not run yet'}.`);
  return lines.join('\n');
}

function speedup(r: BenchResults, workload: string, rows: number): number | null {
  const one = find(r, workload, rows, 1)?.phases_ms.score;
  const two = find(r, workload, rows, 2)?.phases_ms.score;
  return one && two ? one / two : null;
}

function verdict(measured: number | null, ok: (x: number) => boolean): string {
  if (measured === null) return 'not measured';
  return ok(measured) ? 'met' : '**not met**';
}

/** The controller's time budget per table size (issue 4). */
const AUTOCONFIG_TARGETS: ReadonlyArray<readonly [number, number]> = [
  [100_000, 20_000],
  [1_000_000, 90_000],
];

function autoconfigRuns(r: BenchResults): AutoconfigBenchResult[] {
  return r.autoconfig && 'runs' in r.autoconfig ? r.autoconfig.runs : [];
}

function autoconfigTable(r: BenchResults): string {
  const runs = autoconfigRuns(r);
  if (runs.length === 0) return r.autoconfig && 'skipped' in r.autoconfig ? `_Not run: ${r.autoconfig.skipped}._` : '_Not run yet._';
  return markdownTable(
    ['rows', 'controller', 'process (load included)', 'peak RSS', 'stop reason', 'health', 'decisions'],
    runs.map((a) => [
      sizeLabel(a.rows),
      a.error === null ? formatSeconds(a.controller_ms) : 'failed',
      formatSeconds(a.wall_ms),
      formatGigabytes(a.peak_rss_bytes),
      a.stop_reason ?? '—',
      a.health ?? '—',
      a.decisions === null ? '—' : String(a.decisions),
    ]),
  );
}

function targetsTable(r: BenchResults): string {
  const tight = find(r, 'tight', 1_000_000, 2);
  const jw = 'rows' in r.scorers ? r.scorers.rows.find((x) => x.scorer === 'jaro_winkler')?.comparisons_per_second ?? null : null;
  const rows: string[][] = [];
  for (const t of RATIO_TARGETS) {
    const row = sideRows(r).find((x) => x.workload === t.workload && x.rows === t.rows);
    const label = `${t.workload}, ${sizeLabel(t.rows)} rows: reference wall ÷ kindred wall, side by side (2 threads each)`;
    rows.push([label, `≥ ${t.ratio}×`, row?.ratio == null ? '—' : `${row.ratio.toFixed(2)}×${measuredBefore(row)}`, verdict(row?.ratio ?? null, (x) => x >= t.ratio)]);
    if (t.maxRssBytes !== null) {
      const rss = row?.kindred.peak_rss_bytes ?? null;
      rows.push([`${t.workload}, ${sizeLabel(t.rows)} rows, kindred peak RSS (2 workers)`, `≤ ${formatGigabytes(t.maxRssBytes)}`, `${formatGigabytes(rss)}${measuredBefore(row)}`, verdict(rss, (x) => x <= (t.maxRssBytes as number))]);
    }
  }
  // The goal holds on every 1M and 10M workload; 10M is tight only (measured with --10m).
  const measuredSize = (workload: string): number => [1_000_000, 100_000].find((n) => speedup(r, workload, n) !== null) ?? 1_000_000;
  const scaled: Array<[string, number]> = [
    ['tight', measuredSize('tight')],
    ['broad', measuredSize('broad')],
    ['tight', 10_000_000],
  ];
  for (const [workload, size] of scaled) {
    const s = speedup(r, workload, size);
    rows.push([
      `${workload}, ${sizeLabel(size)} rows: scoring throughput, 2 workers ÷ 1 worker`,
      `≥ ${SPEEDUP_TARGET}×`,
      s === null ? '—' : `${s.toFixed(2)}×${measuredBefore(find(r, workload, size, 2))}`,
      verdict(s, (x) => x >= SPEEDUP_TARGET),
    ]);
  }
  rows.push(...duckdbTargetRows(r));
  rows.push([
    'tight, 1M rows, peak RSS (2 workers)',
    '≤ 1 GB',
    formatGigabytes(tight?.peak_rss_bytes),
    verdict(tight?.peak_rss_bytes ?? null, (x) => x <= 1e9),
  ]);
  rows.push(['Jaro–Winkler comparisons per second per core', `≥ ${formatRate(JW_TARGET)}`, formatRate(jw), verdict(jw, (x) => x >= JW_TARGET)]);
  rows.push(...serverTargetRows(r));
  rows.push(...livingTargetRows(r));
  for (const [size, goalMs] of AUTOCONFIG_TARGETS) {
    const run = autoconfigRuns(r).find((a) => a.rows === size && a.error === null);
    rows.push([`autoconfig controller, ${sizeLabel(size)} rows`, `≤ ${goalMs / 1000} s`, formatSeconds(run?.controller_ms), verdict(run?.controller_ms ?? null, (x) => x <= goalMs)]);
  }
  return markdownTable(['target', 'goal', 'measured', 'status'], rows);
}

function scorersTable(r: BenchResults): string {
  if ('skipped' in r.scorers) return `_Skipped: ${r.scorers.skipped}._`;
  return markdownTable(
    ['scorer', 'comparisons/s (one core, median)', 'runs'],
    r.scorers.rows.map((x) => [
      `\`${x.scorer}\``,
      formatCount(x.comparisons_per_second),
      x.runs.map((v) => formatRate(v)).join(', '),
    ]),
  );
}

function sideRows(r: BenchResults): SideBySideRow[] {
  return r.side_by_side !== undefined && 'rows' in r.side_by_side ? r.side_by_side.rows : [];
}

function sideBySideTable(r: BenchResults): string {
  const side = r.side_by_side;
  if (side === undefined) return '_Not run yet._';
  if ('skipped' in side && !('rows' in side)) return `_Skipped: ${side.skipped}._`;
  const lines = [
    markdownTable(
      [
        'workload', 'rows', 'pairs run', 'reference wall (median)', 'kindred wall (median)', 'ratio', 'reference runs', 'kindred runs',
        'reference peak RSS', 'kindred peak RSS', 'candidate pairs (ref. / kindred)', 'match pairs (ref. / kindred)',
      ],
      side.rows.map((x) => [
        x.workload,
        rowsLabel(x),
        String(x.pairs),
        formatSeconds(x.reference.wall_ms),
        formatSeconds(x.kindred.wall_ms),
        x.ratio === null ? '—' : `**${x.ratio.toFixed(2)}×**`,
        x.reference.wall_runs_ms.map((ms) => formatSeconds(ms)).join(', '),
        x.kindred.wall_runs_ms.map((ms) => formatSeconds(ms)).join(', '),
        formatGigabytes(x.reference.peak_rss_bytes),
        formatGigabytes(x.kindred.peak_rss_bytes),
        `${formatCount(x.reference.candidate_pairs)} / ${formatCount(x.kindred.candidate_pairs)}`,
        `${formatCount(x.reference.match_pairs)} / ${formatCount(x.kindred.match_pairs)}`,
      ]),
    ),
  ];
  lines.push('', `Measured ${side.ran_at}, ${side.threads} DuckDB threads and ${side.threads} kindred workers${side.rows.some((x) => x.measured_at !== undefined) ? '; a row marked with a date was kept from the run of that date (this run did not plan its size)' : ''}.`);
  for (const s of side.skipped) lines.push(`- skipped: ${s}`);
  for (const x of side.rows) for (const e of x.errors) lines.push(`- ${x.workload} ${sizeLabel(x.rows)}: ${e}`);
  return lines.join('\n');
}

/** ` (measured <date>)` for a row kept from an earlier run, else nothing. */
function measuredBefore(x: { measured_at?: string } | undefined): string {
  return x?.measured_at === undefined ? '' : ` (measured ${x.measured_at.slice(0, 10)})`;
}

/** A row's size, with the date it was measured when it was kept from an earlier run. */
function rowsLabel(x: SideBySideRow): string {
  return `${sizeLabel(x.rows)}${measuredBefore(x)}`;
}

function duckdbTargetRows(r: BenchResults): string[][] {
  const at = (rows: number): SideBySideRow | undefined => sideRows(r).find((x) => x.workload === 'tight' && x.rows === rows && x.duckdb !== undefined);
  const oneM = at(DUCKDB_TARGETS.rows);
  const ratio = oneM?.duckdb_vs_reference ?? null;
  const tenM = at(DUCKDB_TARGETS.tenMillionRows);
  const finished = tenM?.duckdb?.wall_ms ?? null;
  const rss = finished === null ? null : (tenM?.duckdb?.peak_rss_bytes ?? null);
  return [
    [`tight, ${sizeLabel(DUCKDB_TARGETS.rows)} rows: DuckDB engine wall ÷ reference wall (2 threads each)`, `≤ ${DUCKDB_TARGETS.maxRatio}×`, ratio === null ? '—' : `${ratio.toFixed(2)}×`, verdict(ratio, (x) => x <= DUCKDB_TARGETS.maxRatio)],
    [
      `tight, ${sizeLabel(DUCKDB_TARGETS.tenMillionRows)} rows: DuckDB engine finishes with memory_limit ${tenM?.duckdb?.memory_limit ?? '4GB'}`,
      'finishes',
      finished === null ? (tenM === undefined ? '—' : 'failed') : `${formatSeconds(finished)}${measuredBefore(tenM)}`,
      tenM === undefined ? 'not measured' : finished === null ? '**not met**' : 'met',
    ],
    [`tight, ${sizeLabel(DUCKDB_TARGETS.tenMillionRows)} rows: DuckDB engine peak RSS`, `≤ ${formatGigabytes(DUCKDB_TARGETS.maxRssBytes)}`, `${formatGigabytes(rss)}${measuredBefore(tenM)}`, verdict(rss, (x) => x <= DUCKDB_TARGETS.maxRssBytes)],
  ];
}

/** kindred's DuckDB engine beside the reference and the worker pool, from the side-by-side rows that ran it. */
function duckdbEngineTable(r: BenchResults): string {
  const rows = sideRows(r).filter((x) => x.duckdb !== undefined);
  if (rows.length === 0) return r.side_by_side !== undefined && 'skipped' in r.side_by_side && !('rows' in r.side_by_side) ? `_Skipped: ${r.side_by_side.skipped}._` : '_Not run yet._';
  const phases = (ms: Record<string, number>): string =>
    Object.entries(ms)
      .map(([name, v]) => `${name} ${Number.isFinite(v) ? (v / 1000).toFixed(1) : '—'}`)
      .join(', ');
  return markdownTable(
    [
      'workload', 'rows', 'memory_limit', 'DuckDB engine wall (median)', 'runs', 'DuckDB ÷ reference', 'reference wall', 'worker pool wall',
      'DuckDB peak RSS', 'candidate pairs', 'candidate pairs/s (wall)', 'match pairs', 'phases (s)',
    ],
    rows.map((x) => {
      const d = x.duckdb as NonNullable<SideBySideRow['duckdb']>;
      return [
        x.workload,
        rowsLabel(x),
        d.memory_limit,
        formatSeconds(d.wall_ms),
        d.wall_runs_ms.map((ms) => formatSeconds(ms)).join(', '),
        x.duckdb_vs_reference == null ? '—' : `**${x.duckdb_vs_reference.toFixed(2)}×**`,
        formatSeconds(x.reference.wall_ms),
        formatSeconds(x.kindred.wall_ms),
        formatGigabytes(d.peak_rss_bytes),
        formatCount(d.candidate_pairs),
        formatRate(d.pairs_per_second),
        formatCount(d.match_pairs),
        phases(d.phases_ms),
      ];
    }),
  );
}

function endToEndTable(r: BenchResults): string {
  const runs = e2eRuns(r);
  if (runs.length === 0) {
    const why = 'runs' in r.end_to_end ? r.end_to_end.skipped.join('; ') : r.end_to_end.skipped;
    return `_No end-to-end runs: ${why}._`;
  }
  return markdownTable(
    [
      'workload', 'rows', 'workers', 'wall (median)', 'runs', 'peak RSS', 'records/s', 'candidate pairs', 'scoring', 'candidate pairs/s (scoring)',
      'precision', 'recall', 'F1', 'B³ F1',
    ],
    runs.map((x) => {
      return [
        x.workload,
        `${sizeLabel(x.rows)}${measuredBefore(x)}`,
        String(x.workers),
        formatSeconds(x.wall_ms),
        String(x.runs),
        formatGigabytes(x.peak_rss_bytes),
        formatRate(x.records_per_second),
        formatCount(x.candidate_pairs ?? x.evaluate_candidate_pairs),
        formatSeconds(x.phases_ms.score),
        formatRate(x.candidate_pairs_per_second),
        formatFixed(x.precision, 4),
        formatFixed(x.recall, 4),
        formatFixed(x.f1, 4),
        formatFixed(x.bcubed_f1, 4),
      ];
    }),
  );
}

function scalingTable(r: BenchResults): string {
  const pairs = new Map<string, { workload: string; rows: number }>();
  for (const x of e2eRuns(r)) pairs.set(`${x.workload}/${x.rows}`, { workload: x.workload, rows: x.rows });
  if (pairs.size === 0) return '_No end-to-end runs._';
  return markdownTable(
    ['workload', 'rows', 'scoring, 1 worker', 'scoring, 2 workers', 'speed-up', 'wall, 1 worker', 'wall, 2 workers', 'goal'],
    [...pairs.values()].map(({ workload, rows }) => {
      const one = find(r, workload, rows, 1);
      const two = find(r, workload, rows, 2);
      const s = speedup(r, workload, rows);
      return [
        workload,
        `${sizeLabel(rows)}${measuredBefore(two ?? one)}`,
        formatSeconds(one?.phases_ms.score),
        formatSeconds(two?.phases_ms.score),
        s === null ? '—' : `${s.toFixed(2)}×`,
        formatSeconds(one?.wall_ms),
        formatSeconds(two?.wall_ms),
        `≥ ${SPEEDUP_TARGET}×`,
      ];
    }),
  );
}

function phasesTable(r: BenchResults): string {
  const runs = e2eRuns(r);
  if (runs.length === 0) return '_No end-to-end runs._';
  const names = ['load', 'prepare', 'block', 'train', 'score', 'cluster', 'write'].filter((n) => runs.some((x) => x.phases_ms[n] !== undefined));
  return markdownTable(
    ['workload', 'rows', 'workers', ...names, 'wall'],
    runs.map((x) => [x.workload, `${sizeLabel(x.rows)}${measuredBefore(x)}`, String(x.workers), ...names.map((n) => formatSeconds(x.phases_ms[n])), formatSeconds(x.wall_ms)]),
  );
}

function optimisationsTable(r: BenchResults): string {
  const o = r.optimisations;
  if (o === undefined || !('rows' in o)) return `_Not run${o !== undefined ? `: ${o.skipped}` : ' yet'}._`;
  const rows = o.rows.map((x) => [
    `\`${x.optimisation}\``,
    x.workload,
    sizeLabel(x.rows),
    String(x.pairs),
    formatSeconds(x.score_off_ms),
    formatSeconds(x.score_on_ms),
    x.speedup === null ? '—' : `${formatFixed(x.speedup, 2)}×`,
    formatSeconds(x.wall_off_ms),
    formatSeconds(x.wall_on_ms),
    // Dropping the review band keeps fewer pairs on than off: both are shown.
    x.kept_on === null ? '—' : x.kept_off !== null && x.kept_off !== x.kept_on ? `${formatCount(x.kept_on)} / ${formatCount(x.kept_off)}` : formatCount(x.kept_on),
    x.errors.length === 0 ? `same ${x.compared ?? 'kept pairs'}` : x.errors.join('; '),
  ]);
  const table = markdownTable(['optimisation', 'workload', 'rows', 'A/B pairs', 'score, off', 'score, on', 'saves', 'wall, off', 'wall, on', 'kept pairs', 'check'], rows);
  return `Measured ${o.ran_at}, ${o.workers} workers, one optimisation off at a time against all on, alternating.\n\n${table}`;
}
