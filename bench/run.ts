/** `make bench`: scorer micro-benchmarks, the standard tight/broad end-to-end workloads, the server under load and living data (record changes); writes bench/results.json and the tables of docs/benchmarks.md. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseTelemetry } from '../src/autoconfig/telemetry-schema.js';
import type { AutoconfigBenchResult, BenchResults, EndToEndResult } from './lib/bench-results.js';
import { benchTables } from './lib/bench-tables.js';
import { machineInfo } from './lib/machine.js';
import { replaceSection } from './lib/markdown.js';
import { median } from './lib/median.js';
import { ensurePeopleFile, sizeLabel } from './lib/people-data.js';
import { dedupeOnce, type DedupeSample } from './lib/dedupe-once.js';
import { BENCH_OUT, CLI, currentCommit, REPO_ROOT } from './lib/repo-paths.js';
import { rssMethod, runTimed } from './lib/timed-process.js';
import { runServerBench } from './server-load.js';
import { livingPlan, runLivingBench } from './living-load.js';
import { optimisationAB } from './optimisations.js';
import { carryEndToEnd, carrySideRows } from './lib/carried-rows.js';
import { sideBySide } from './side-by-side.js';
import { withGeneratorHeap } from './lib/generator-heap.js';

const USAGE = `Usage: node dist/bench/run.js [--shared ../shared] [--quick] [--10m] [--only scorers|e2e|side-by-side|optimisations|server|living|autoconfig] [--repeat N]
       node dist/bench/run.js --only side-by-side|living --rows N [--shared ../shared]

  --shared <dir>   the shared folder (generator, reference pipeline); default ../shared
  --quick          skip the 1M-row runs (and repeat the scorer benchmark once); the server
                   and living-data benchmarks then serve the 100k-row file
  --10m            also run the tight workload on 10M rows: end to end with 1 and 2 workers,
                   and side by side with the reference and the DuckDB engine (generates a
                   1 GB file once; minutes per run). Without it, the 10M rows of the last
                   run that had it are kept, with the date they were measured
  --only <part>    run only the scorer micro-benchmarks, the end-to-end workloads, the
                   reference pipeline side by side with kindred, the A/B of each scoring
                   optimisation, the server benchmark, the living-data benchmark (record
                   changes on a running server) or the controller timing; the other
                   parts keep their previous results in bench/results.json
  --repeat <n>     repetitions of each 100k-row run and of the scorer benchmark (default 3;
                   at least 3 reference/kindred pairs side by side, at 100k and for tight
                   1M) and of each 1M-row end-to-end run; 10M-row runs run once
  --rows <n>       with --only side-by-side: a smoke run of that code path on n generated rows,
                   one pair per workload; written to bench/out/results-rows-<n>.json only
                   (bench/results.json and docs/benchmarks.md are left as they are).
                   With --only living (n ≥ 10,000): the living-data code path on n rows with
                   5 s of changes and at most n/2 changes, written to
                   bench/out/results-living-rows-<n>.json only

Exit status 1 when a side-by-side row's candidate pairs differ (the two did not do the same work)
or an optimisation's A/B kept different pairs (it is not exact).
`;

const PARTS = ['scorers', 'e2e', 'side-by-side', 'optimisations', 'server', 'living', 'autoconfig'] as const;
/** The workload the server benchmark serves (its targets are stated for it). */
const SERVER_WORKLOAD = 'tight';

const WORKLOADS = ['tight', 'broad'] as const;
const WORKER_COUNTS = [1, 2] as const;

async function main(): Promise<number> {
  const child = await withGeneratorHeap();
  if (child !== null) return child;
  const { values } = parseArgs({
    options: {
      shared: { type: 'string', default: '../shared' },
      quick: { type: 'boolean', default: false },
      '10m': { type: 'boolean', default: false },
      only: { type: 'string' },
      repeat: { type: 'string', default: '3' },
      rows: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const shared = resolve(values.shared as string);
  const quick = values.quick === true;
  const repeat = Number(values.repeat);
  const only = values.only as string | undefined;
  if (!Number.isInteger(repeat) || repeat < 1) {
    process.stderr.write(`--repeat must be a whole number ≥ 1\n${USAGE}`);
    return 2;
  }
  if (only !== undefined && !(PARTS as readonly string[]).includes(only)) {
    process.stderr.write(`--only must be one of ${PARTS.join(', ')}\n${USAGE}`);
    return 2;
  }
  const smokeRows = values.rows === undefined ? undefined : Number(values.rows);
  if (smokeRows !== undefined) {
    if (!Number.isInteger(smokeRows) || smokeRows < 100) {
      process.stderr.write(`--rows must be a whole number ≥ 100\n${USAGE}`);
      return 2;
    }
    if (only === 'living') return livingSmoke(shared, smokeRows);
    if (only !== 'side-by-side') {
      process.stderr.write(`--rows is a smoke run of the side-by-side or living part: give --only side-by-side or --only living\n${USAGE}`);
      return 2;
    }
    mkdirSync(BENCH_OUT, { recursive: true });
    const smoke = await sideBySide({ shared, quick, tenMillion: false, repeat, rows: smokeRows, log });
    const smokePath = join(BENCH_OUT, `results-rows-${smokeRows}.json`);
    writeFileSync(smokePath, JSON.stringify(smoke, null, 2) + '\n');
    log(`wrote ${relative(REPO_ROOT, smokePath)} (a smoke run: bench/results.json and docs/benchmarks.md unchanged)`);
    return 'rows' in smoke && smoke.rows.some((r) => r.errors.length > 0) ? 1 : 0;
  }
  const runs = (part: (typeof PARTS)[number]): boolean => only === undefined || only === part;
  mkdirSync(BENCH_OUT, { recursive: true });
  const resultsPath = join(REPO_ROOT, 'bench', 'results.json');
  const previous = readPrevious(resultsPath);

  const results: BenchResults = {
    generated_at: new Date().toISOString(),
    commit: currentCommit(),
    machine: machineInfo(),
    rss_method: rssMethod(),
    scorers: !runs('scorers') && previous ? previous.scorers : await scorerSection(quick ? 1 : repeat),
    end_to_end: !runs('e2e') && previous ? previous.end_to_end : carryEndToEnd(await endToEndSection(shared, quick, repeat, values['10m'] === true), previous?.end_to_end),
    side_by_side: !runs('side-by-side')
      ? (previous?.side_by_side ?? { skipped: 'not run yet' })
      : carrySideRows(await sideBySide({ shared, quick, tenMillion: values['10m'] === true, repeat, log }), previous?.side_by_side),
    optimisations: !runs('optimisations')
      ? (previous?.optimisations ?? { skipped: 'not run yet' })
      : await optimisationAB({ shared, quick, pairs: quick ? repeat : 2, log }),
    server: !runs('server') ? (previous?.server ?? { skipped: 'not run yet' }) : await serverSection(shared, quick),
    living: !runs('living') ? (previous?.living ?? { skipped: 'not run yet' }) : await livingSection(shared, quick),
    autoconfig: !runs('autoconfig') ? (previous?.autoconfig ?? { skipped: 'not run yet' }) : await autoconfigSection(shared, quick),
  };
  writeFileSync(resultsPath, JSON.stringify(results, null, 2) + '\n');
  log(`wrote ${relative(REPO_ROOT, resultsPath)}`);

  const docPath = join(REPO_ROOT, 'docs', 'benchmarks.md');
  let doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
  for (const [name, content] of Object.entries(benchTables(results))) doc = replaceSection(doc, name, content);
  writeFileSync(docPath, doc);
  log(`updated ${relative(REPO_ROOT, docPath)}`);
  const side = results.side_by_side;
  const differing = side !== undefined && 'rows' in side ? side.rows.filter((r) => r.errors.some((e) => e.startsWith('candidate pairs differ'))) : [];
  for (const r of differing) log(`FAILED: ${r.workload} ${sizeLabel(r.rows)}: ${r.errors.join('; ')}`);
  const opt = results.optimisations;
  const inexact = opt !== undefined && 'rows' in opt ? opt.rows.filter((r) => r.errors.some((e) => e.startsWith('kept pairs differ'))) : [];
  for (const r of inexact) log(`FAILED: ${r.optimisation} on ${r.workload} ${sizeLabel(r.rows)}: ${r.errors.join('; ')}`);
  return differing.length > 0 || inexact.length > 0 ? 1 : 0;
}

function readPrevious(path: string): BenchResults | null {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as BenchResults;
  } catch {
    return null;
  }
}

function log(line: string): void {
  process.stderr.write(`bench: ${line}\n`);
}

/** The scorer micro-benchmarks of bench/scorers.bench.ts (another module; skipped when absent). */
async function scorerSection(repeats: number): Promise<BenchResults['scorers']> {
  // A computed specifier keeps this file compiling even when the scorer benchmark is absent.
  const specifier = './scorers.bench.js';
  let runScorerBench: (o: { time?: number }) => Promise<Array<{ scorer: string; comparisonsPerSecond: number }>>;
  try {
    const mod: unknown = await import(specifier);
    const fn = typeof mod === 'object' && mod !== null ? (mod as Record<string, unknown>).runScorerBench : undefined;
    if (typeof fn !== 'function') return { skipped: 'bench/scorers.bench.ts does not export runScorerBench' };
    runScorerBench = fn as typeof runScorerBench;
  } catch (e) {
    return { skipped: `bench/scorers.bench.ts could not be loaded (${e instanceof Error ? e.message : String(e)})` };
  }
  const runs = new Map<string, number[]>();
  for (let i = 0; i < repeats; i++) {
    log(`scorers: run ${i + 1}/${repeats}`);
    for (const r of await runScorerBench({ time: 500 })) runs.set(r.scorer, [...(runs.get(r.scorer) ?? []), r.comparisonsPerSecond]);
  }
  return {
    ran_at: new Date().toISOString(),
    repeats,
    rows: [...runs].map(([scorer, perSecond]) => ({ scorer, comparisons_per_second: median(perSecond), runs: perSecond })),
  };
}

/** The tight and broad workloads at 100k and 1M rows with 1 and 2 workers. */
async function endToEndSection(shared: string, quick: boolean, repeat: number, tenMillion: boolean): Promise<BenchResults['end_to_end']> {
  const skipped: string[] = [];
  const runs: EndToEndResult[] = [];
  // At 10M rows only tight, the workload of the 10M goals (broad would take hours on the reference side).
  const sizes = quick ? [100_000] : tenMillion ? [100_000, 1_000_000, 10_000_000] : [100_000, 1_000_000];
  if (quick) skipped.push('1M-row runs (--quick)');
  for (const rows of sizes) {
    const people = await ensurePeopleFile(shared, rows, BENCH_OUT);
    if (!people.ok) {
      skipped.push(`${sizeLabel(rows)} rows: ${people.reason}`);
      log(`skipping ${sizeLabel(rows)} rows: ${people.reason}`);
      continue;
    }
    for (const workload of rows >= 10_000_000 ? (['tight'] as const) : WORKLOADS) {
      const config = join(REPO_ROOT, 'bench', 'workloads', `${workload}.yaml`);
      if (!existsSync(config)) {
        skipped.push(`${workload}: ${config} not found`);
        continue;
      }
      const quality = await evaluateOnce(people.csv, people.truth, config);
      // 1M as 100k: a ratio of two single runs could read 1.5× to 2.2× (docs/benchmarks.md); 10M once, for its time.
      const repetitions = rows >= 10_000_000 ? 1 : repeat;
      const samples = new Map<number, DedupeSample[]>(WORKER_COUNTS.map((w) => [w, []]));
      // Alternating worker counts spreads any drift in machine load over both.
      for (let i = 0; i < repetitions; i++) {
        for (const workers of WORKER_COUNTS) {
          log(`${workload} ${sizeLabel(rows)} workers=${workers} run ${i + 1}/${repetitions}`);
          const sample = await dedupeOnce(people.csv, config, workers);
          if (sample.error !== null) log(`  failed: ${sample.error}`);
          (samples.get(workers) as DedupeSample[]).push(sample);
        }
      }
      for (const workers of WORKER_COUNTS) runs.push(summarise(workload, rows, workers, samples.get(workers) as DedupeSample[], quality));
    }
  }
  return { ran_at: new Date().toISOString(), quick, runs, skipped };
}

/** `kindred serve` under load (bench/server-load.ts) on the tight workload at 1M rows (100k with --quick). */
async function serverSection(shared: string, quick: boolean): Promise<NonNullable<BenchResults['server']>> {
  const rows = quick ? 100_000 : 1_000_000;
  const people = await ensurePeopleFile(shared, rows, BENCH_OUT);
  if (!people.ok) {
    log(`skipping the server benchmark: ${people.reason}`);
    return { skipped: `${sizeLabel(rows)} rows: ${people.reason}` };
  }
  const config = join(REPO_ROOT, 'bench', 'workloads', `${SERVER_WORKLOAD}.yaml`);
  if (!existsSync(config)) return { skipped: `${config} not found` };
  log(`server: ${SERVER_WORKLOAD} ${sizeLabel(rows)}`);
  return runServerBench({ csv: people.csv, config, workload: SERVER_WORKLOAD, rows, log });
}

/** Record changes on `kindred serve` (bench/living-load.ts) on the tight workload at 1M rows (100k with --quick). */
async function livingSection(shared: string, quick: boolean): Promise<NonNullable<BenchResults['living']>> {
  const rows = quick ? 100_000 : 1_000_000;
  const people = await ensurePeopleFile(shared, rows, BENCH_OUT);
  if (!people.ok) {
    log(`skipping the living-data benchmark: ${people.reason}`);
    return { skipped: `${sizeLabel(rows)} rows: ${people.reason}` };
  }
  const config = join(REPO_ROOT, 'bench', 'workloads', `${SERVER_WORKLOAD}.yaml`);
  if (!existsSync(config)) return { skipped: `${config} not found` };
  log(`living: ${SERVER_WORKLOAD} ${sizeLabel(rows)}`);
  return runLivingBench({ csv: people.csv, config, workload: SERVER_WORKLOAD, rows, plan: livingPlan(rows, false), outDir: BENCH_OUT, log });
}

/** `--only living --rows N`: the living-data code path with short durations, written to bench/out only. */
async function livingSmoke(shared: string, rows: number): Promise<number> {
  if (rows < 10_000) {
    process.stderr.write(`--rows must be ≥ 10000 with --only living (the sustained changes each take a distinct row)\n${USAGE}`);
    return 2;
  }
  mkdirSync(BENCH_OUT, { recursive: true });
  const people = await ensurePeopleFile(shared, rows, BENCH_OUT);
  if (!people.ok) {
    log(`living smoke: ${people.reason}`);
    return 1;
  }
  const config = join(REPO_ROOT, 'bench', 'workloads', `${SERVER_WORKLOAD}.yaml`);
  const result = await runLivingBench({ csv: people.csv, config, workload: SERVER_WORKLOAD, rows, plan: livingPlan(rows, true), outDir: BENCH_OUT, log });
  const path = join(BENCH_OUT, `results-living-rows-${rows}.json`);
  writeFileSync(path, JSON.stringify(result, null, 2) + '\n');
  log(`wrote ${relative(REPO_ROOT, path)} (a smoke run: bench/results.json and docs/benchmarks.md unchanged)`);
  return result.error === null ? 0 : 1;
}

/** `kindred autoconfig` timed on the people data at 100k and 1M rows (100k only with --quick): the controller's own time comes from its telemetry. */
async function autoconfigSection(shared: string, quick: boolean): Promise<NonNullable<BenchResults['autoconfig']>> {
  const skipped: string[] = [];
  const runs: AutoconfigBenchResult[] = [];
  const sizes = quick ? [100_000] : [100_000, 1_000_000];
  if (quick) skipped.push('1M-row run (--quick)');
  for (const rows of sizes) {
    const people = await ensurePeopleFile(shared, rows, BENCH_OUT);
    if (!people.ok) {
      skipped.push(`${sizeLabel(rows)} rows: ${people.reason}`);
      continue;
    }
    log(`autoconfig ${sizeLabel(rows)}`);
    const out = join(BENCH_OUT, `autoconfig-${sizeLabel(rows)}.yaml`);
    const r = await runTimed(process.execPath, [CLI, 'autoconfig', '--file', people.csv, '--exclude', 'rec_id', '--out', out, '--no-save'], REPO_ROOT);
    const result: AutoconfigBenchResult = {
      rows,
      wall_ms: r.wallMs,
      controller_ms: null,
      peak_rss_bytes: r.peakRssBytes,
      stop_reason: null,
      health: null,
      decisions: null,
      error: r.code === 0 ? null : `exit ${String(r.code)}: ${r.stderr.trim().split('\n').slice(-2).join(' ')}`,
    };
    if (r.code === 0) {
      const telemetry = parseTelemetry(JSON.parse(r.stdout));
      result.controller_ms = telemetry.elapsed_ms ?? null;
      result.stop_reason = telemetry.stop_reason ?? null;
      result.health = telemetry.health ?? null;
      result.decisions = telemetry.decisions?.length ?? null;
    }
    runs.push(result);
  }
  return { ran_at: new Date().toISOString(), runs, skipped };
}

interface EvaluateFigures {
  candidatePairs: number | null;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  bcubedF1: number | null;
}

/** `kindred evaluate` against the rec_id truth: candidate pairs and match quality of the workload. */
async function evaluateOnce(csv: string, truth: string, config: string): Promise<EvaluateFigures> {
  log(`evaluate ${relative(REPO_ROOT, config)} on ${relative(REPO_ROOT, csv)}`);
  const r = await runTimed(process.execPath, [CLI, 'evaluate', '--file', csv, '--truth', truth, '--config', config, '--quiet'], REPO_ROOT);
  const none: EvaluateFigures = { candidatePairs: null, precision: null, recall: null, f1: null, bcubedF1: null };
  if (r.code !== 0) {
    log(`  evaluate failed (exit ${r.code}): ${r.stderr.trim()}`);
    return none;
  }
  try {
    const j = JSON.parse(r.stdout) as {
      candidate_pairs: number;
      pairwise: { precision: number; recall: number; f1: number };
      bcubed: { f1: number };
    };
    return { candidatePairs: j.candidate_pairs, precision: j.pairwise.precision, recall: j.pairwise.recall, f1: j.pairwise.f1, bcubedF1: j.bcubed.f1 };
  } catch {
    log('  evaluate printed no JSON');
    return none;
  }
}

function summarise(workload: string, rows: number, workers: number, samples: DedupeSample[], quality: EvaluateFigures): EndToEndResult {
  const ok = samples.filter((s) => s.error === null);
  const med = (pick: (s: DedupeSample) => number | null): number | null => {
    const xs = ok.map(pick).filter((x): x is number => x !== null);
    return xs.length > 0 ? median(xs) : null;
  };
  const phaseNames = [...new Set(ok.flatMap((s) => Object.keys(s.phasesMs)))];
  const phasesMs: Record<string, number> = {};
  for (const name of phaseNames) phasesMs[name] = med((s) => s.phasesMs[name] ?? null) ?? NaN;
  const wallMs = med((s) => s.wallMs);
  const scoreMs = phasesMs.score ?? null;
  const candidatePairs = med((s) => s.candidatePairs);
  return {
    workload,
    rows,
    workers,
    runs: samples.length,
    errors: samples.filter((s) => s.error !== null).map((s) => s.error as string),
    wall_ms: wallMs,
    wall_runs_ms: ok.map((s) => Math.round(s.wallMs)),
    peak_rss_bytes: med((s) => s.peakRssBytes),
    phases_ms: phasesMs,
    candidate_pairs: candidatePairs,
    kept_pairs: med((s) => s.keptPairs),
    records_per_second: wallMs ? rows / (wallMs / 1000) : null,
    candidate_pairs_per_second: scoreMs && candidatePairs !== null ? candidatePairs / (scoreMs / 1000) : null,
    evaluate_candidate_pairs: quality.candidatePairs,
    precision: quality.precision,
    recall: quality.recall,
    f1: quality.f1,
    bcubed_f1: quality.bcubedF1,
  };
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`bench: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  },
);
