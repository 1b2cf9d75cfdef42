/** `make quality`: runs `kindred evaluate` on every shared dataset present, with its hand-written configuration and zero-config, and writes docs/quality.md. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { columnReferences, loadConfigFile } from '../src/config/index.js';
import { readHeaderNames } from '../src/data/ingest.js';
import { missingFiles, readManifest, type Dataset } from './lib/dataset-manifest.js';
import { buildLinkTable } from './lib/link-table.js';
import { machineInfo } from './lib/machine.js';
import { replaceSection } from './lib/markdown.js';
import { corruptColumn, type Corruption } from './lib/corrupt-column.js';
import { ROBUSTNESS_DATASETS } from './lib/dataset-split.js';
import type { QualityResults, QualityRun, RenamedRun, RobustnessRun, StandinRun } from './lib/quality-results.js';
import { qualityTables } from './lib/quality-tables.js';
import { BENCH_OUT, CLI, currentCommit, REPO_ROOT } from './lib/repo-paths.js';
import { runTimed } from './lib/timed-process.js';

const USAGE = `Usage: node dist/bench/quality.js [--shared ../shared] [--only a,b] [--mode hand|zero|both] [--timeout-min 15] [--no-robustness]

  --shared <dir>      the shared folder holding data/manifest.json; default ../shared
  --only <names>      comma-separated dataset names, or standins (the stand-ins and their robustness cells; default: every
                      dataset present and the stand-ins)
  --mode <mode>       hand-written configurations, zero-config, or both (default)
  --timeout-min <n>   kill a run after n minutes and report it as failed (default 15)
  --no-robustness     skip the robustness suite, the renamed-columns runs and the person stand-ins (about 18 minutes)
`;

/**
 * Per-record id columns, beyond the manifest's exclude_columns. They carry no
 * evidence about the entity, and the source truth files are keyed on them,
 * so they are never given to the matcher.
 */
const RECORD_ID_COLUMNS: Record<string, string[]> = {
  cora: ['Entity Id'],
  cddb: ['id'],
  patstat_nl_inventors: ['person_id'],
  dedupe_chicago_childcare: ['Id'],
  splink_fake_1000: ['unique_id'],
};

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      shared: { type: 'string', default: '../shared' },
      only: { type: 'string' },
      mode: { type: 'string', default: 'both' },
      'timeout-min': { type: 'string', default: '15' },
      'no-robustness': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const mode = values.mode as string;
  if (!['hand', 'zero', 'both'].includes(mode)) {
    process.stderr.write(`--mode must be hand, zero or both\n${USAGE}`);
    return 2;
  }
  const shared = resolve(values.shared as string);
  const timeoutMs = Number(values['timeout-min']) * 60_000;
  const only = values.only === undefined ? null : new Set((values.only as string).split(',').map((s) => s.trim()));
  const resultsPath = join(REPO_ROOT, 'bench', 'quality-results.json');
  const previous = readPrevious(resultsPath);
  const skipped: string[] = [];
  const runs: QualityRun[] = [];

  const datasets = readManifest(shared);
  if (datasets === null) {
    skipped.push(`${join(shared, 'data', 'manifest.json')} not found: no datasets`);
    log(skipped[0]);
  }
  for (const d of datasets ?? []) {
    if (only !== null && !only.has(d.name)) continue;
    const missing = missingFiles(shared, d);
    if (missing.length > 0) {
      skipped.push(`${d.name}: missing ${missing.map((m) => relative(shared, m)).join(', ')}`);
      continue;
    }
    const input = await inputFor(shared, d);
    const handConfig = handConfigOf(d.name);
    if (mode !== 'zero') {
      if (existsSync(handConfig)) runs.push(await evaluate(d, input, 'hand', handConfig, timeoutMs));
      else skipped.push(`${d.name}: no hand-written configuration (data/configs/${d.name}.yaml)`);
    }
    if (mode !== 'hand') runs.push(await evaluate(d, input, 'zero', null, timeoutMs));
  }

  let robustness = previous?.robustness ?? [];
  let renamed = previous?.renamed ?? [];
  if (values['no-robustness'] !== true && mode !== 'hand' && datasets !== null) {
    const picked = datasets.filter((d) => (only === null || only.has(d.name)) && missingFiles(shared, d).length === 0);
    const zeroOf = (name: string): number | null => runs.find((r) => r.dataset === name && r.mode === 'zero')?.f1 ?? null;
    const fresh = await robustnessSuite(shared, picked, timeoutMs);
    robustness = [...fresh, ...robustness.filter((r) => !fresh.some((f) => f.dataset === r.dataset))];
    const freshRenamed = await renamedRuns(shared, picked, timeoutMs);
    renamed = [...freshRenamed, ...renamed.filter((r) => !freshRenamed.some((f) => f.dataset === r.dataset))];
    for (const r of fresh) if (zeroOf(r.dataset) === null) log(`${r.dataset}: robustness measured without a clean zero-config figure this run`);
  }
  // The stand-ins need no shared data: they are generated here.
  let standins = previous?.standins ?? [];
  if (values['no-robustness'] !== true && mode !== 'hand' && (only === null || only.has('standins'))) {
    const fresh = await standinRuns(timeoutMs);
    standins = fresh.standins;
    robustness = [...robustness.filter((r) => !fresh.robustness.some((f) => f.dataset === r.dataset)), ...fresh.robustness];
  }

  // Runs not repeated this time (--only, --mode) keep their previous figures.
  const merged = [...runs];
  for (const old of previous?.runs ?? []) {
    if (!merged.some((r) => r.dataset === old.dataset && r.mode === old.mode)) merged.push(old);
  }
  const order = (datasets ?? []).map((d) => d.name);
  merged.sort((a, b) => order.indexOf(a.dataset) - order.indexOf(b.dataset) || a.mode.localeCompare(b.mode));
  const results: QualityResults = { generated_at: new Date().toISOString(), commit: currentCommit(), machine: machineInfo(), runs: merged, skipped, robustness, renamed, standins };
  writeFileSync(resultsPath, JSON.stringify(results, null, 2) + '\n');
  log(`wrote ${relative(REPO_ROOT, resultsPath)}`);
  const docPath = join(REPO_ROOT, 'docs', 'quality.md');
  let doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Match quality\n';
  for (const [name, content] of Object.entries(qualityTables(results))) doc = replaceSection(doc, name, content);
  writeFileSync(docPath, doc);
  log(`updated ${relative(REPO_ROOT, docPath)}`);
  return 0;
}

function readPrevious(path: string): QualityResults | null {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as QualityResults;
  } catch {
    return null;
  }
}

function log(line: string): void {
  process.stderr.write(`quality: ${line}\n`);
}

interface EvaluateInput {
  csv: string;
  /** A second file to link with `csv` (two-file input). */
  second?: string;
  truth: string;
  rows: number;
  /** Leaking and id columns: --exclude in both modes. */
  exclude: string[];
}

/** The file, truth and exclusions of one dataset; link datasets are concatenated first. */
async function inputFor(shared: string, d: Dataset): Promise<EvaluateInput> {
  const dir = join(shared, 'data', d.name);
  const idColumns = RECORD_ID_COLUMNS[d.name] ?? [];
  if (d.kind === 'dedupe') {
    return {
      csv: join(dir, d.records),
      truth: join(dir, 'truth.csv'),
      rows: d.rows,
      exclude: unique([...d.exclude_columns, ...idColumns].filter((c) => d.columns.includes(c))),
    };
  }
  const table = await buildLinkTable(d, dir, join(BENCH_OUT, 'quality'));
  // The id columns exist only to state the truth: never evidence, and in some sets equal across sides.
  const exclude = unique([...d.exclude_columns, d.left_id, d.right_id, ...idColumns].filter((c) => table.columns.includes(c)));
  // Zero-config has no link mode; the source marker is an artefact of the concatenation, not data.
  // The `source` column stays in both modes: it says which table a row came from (the shape of the input, not the truth).
  return { csv: table.csv, truth: table.truth, rows: table.rows, exclude };
}

/** A dataset's hand-written configuration (it may not exist). */
function handConfigOf(name: string): string {
  return join(REPO_ROOT, 'data', 'configs', `${name}.yaml`);
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

/** Fails loudly if a hand-written configuration would match on a column that must be dropped. */
function assertNoLeak(config: string, exclude: string[]): void {
  const used = columnReferences(loadConfigFile(config)).filter((r) => !r.path.startsWith('exclude_columns'));
  const leak = used.find((r) => exclude.includes(r.column));
  if (leak) throw new Error(`${config}: ${leak.path} uses "${leak.column}", a column excluded because it leaks the truth`);
}

async function evaluate(d: Pick<Dataset, 'name' | 'title' | 'kind'>, input: EvaluateInput, mode: 'hand' | 'zero', config: string | null, timeoutMs: number): Promise<QualityRun> {
  const exclude = input.exclude;
  const run: QualityRun = {
    dataset: d.name,
    title: d.title,
    kind: d.kind,
    mode,
    rows: input.rows,
    config: config === null ? 'zero-config' : relative(REPO_ROOT, config),
    excluded: exclude,
    candidate_pairs: null,
    precision: null,
    recall: null,
    f1: null,
    bcubed_precision: null,
    bcubed_recall: null,
    bcubed_f1: null,
    wall_ms: null,
    error: null,
  };
  try {
    if (config !== null) assertNoLeak(config, exclude);
  } catch (e) {
    run.error = e instanceof Error ? e.message : String(e);
    log(`${d.name} (${mode}): ${run.error}`);
    return run;
  }
  const args = [CLI, 'evaluate', '--file', input.csv, ...(input.second !== undefined ? ['--file', input.second] : []), '--truth', input.truth, '--quiet'];
  if (config !== null) args.push('--config', config);
  for (const c of exclude) args.push('--exclude', c);
  log(`${d.name} (${mode}) …`);
  const r = await runTimed(process.execPath, args, REPO_ROOT, timeoutMs);
  run.wall_ms = r.wallMs;
  if (r.timedOut) run.error = `killed after ${Math.round(timeoutMs / 60_000)} min`;
  else if (r.code !== 0) run.error = `exit ${r.code}: ${r.stderr.trim().split('\n').slice(-4).join(' / ')}`;
  else {
    try {
      const j = JSON.parse(r.stdout) as {
        candidate_pairs: number;
        pairwise: { precision: number; recall: number; f1: number };
        bcubed: { precision: number; recall: number; f1: number };
        column_alignment?: { pairs: Array<{ first: string; second: string }> };
      };
      if (j.column_alignment) run.alignment = j.column_alignment.pairs.map((p) => `${p.second} → ${p.first}`).join(', ');
      Object.assign(run, {
        candidate_pairs: j.candidate_pairs,
        precision: j.pairwise.precision,
        recall: j.pairwise.recall,
        f1: j.pairwise.f1,
        bcubed_precision: j.bcubed.precision,
        bcubed_recall: j.bcubed.recall,
        bcubed_f1: j.bcubed.f1,
      });
    } catch {
      run.error = 'evaluate printed no JSON';
    }
  }
  log(
    `${d.name} (${mode}): ${run.error ?? `P=${run.precision?.toFixed(4)} R=${run.recall?.toFixed(4)} F1=${run.f1?.toFixed(4)} B3-F1=${run.bcubed_f1?.toFixed(4)}`} in ${(run.wall_ms / 1000).toFixed(1)} s`,
  );
  return run;
}

/**
 * The robustness suite: for each person dataset present, each user column in
 * turn blanked, then garbled, on a seeded 40% of the rows, evaluated in
 * zero-config mode (docs/autoconfig.md §9).
 */
async function robustnessSuite(shared: string, datasets: readonly Dataset[], timeoutMs: number): Promise<RobustnessRun[]> {
  const out: RobustnessRun[] = [];
  const dir = join(BENCH_OUT, 'robustness');
  mkdirSync(dir, { recursive: true });
  for (const d of datasets) {
    if (d.kind !== 'dedupe' || !(ROBUSTNESS_DATASETS as readonly string[]).includes(d.name)) continue;
    const input = await inputFor(shared, d);
    const columns = d.columns.filter((c) => !input.exclude.includes(c));
    const cells = await corruptedCells(input, columns, join(dir, d.name), async (cell, column, corruption) => {
      const label = { ...d, name: `${d.name} [${column} ${corruption}]` };
      const run = await evaluate(label, cell, 'zero', null, timeoutMs);
      // The tuned configuration on the same file tells a loss of information from a loss of the controller's.
      const hand = existsSync(handConfigOf(d.name)) ? await evaluate(label, cell, 'hand', handConfigOf(d.name), timeoutMs) : null;
      return { ...run, dataset: d.name, column, corruption, hand_f1: hand?.f1 ?? null };
    });
    out.push(...cells);
  }
  return out;
}

/**
 * The robustness cells of one file: each of `columns` in turn blanked, then
 * garbled, on a 40% of the rows seeded by the column's position (1000 + k,
 * so a cell's file is the same from run to run and for every suite that
 * uses it), written beside `prefix` and judged by `judge`.
 */
async function corruptedCells(
  input: EvaluateInput,
  columns: readonly string[],
  prefix: string,
  judge: (cell: EvaluateInput, column: string, corruption: Corruption) => Promise<RobustnessRun>,
): Promise<RobustnessRun[]> {
  const out: RobustnessRun[] = [];
  for (const [k, column] of columns.entries()) {
    for (const corruption of ['blank', 'garble'] as const) {
      const csv = `${prefix}-${k}-${corruption}.csv`;
      await corruptColumn(input.csv, csv, column, corruption, 1000 + k);
      out.push(await judge({ ...input, csv }, column, corruption));
    }
  }
  return out;
}

/**
 * The link datasets as two files, the second file's columns renamed `c1…ck`
 * in reverse order, evaluated in zero-config mode: the held-back case of a
 * second source naming its columns its own way.
 */
async function renamedRuns(shared: string, datasets: readonly Dataset[], timeoutMs: number): Promise<RenamedRun[]> {
  const out: RenamedRun[] = [];
  const dir = join(BENCH_OUT, 'renamed');
  mkdirSync(dir, { recursive: true });
  for (const d of datasets) {
    if (d.kind !== 'link') continue;
    const folder = join(shared, 'data', d.name);
    const stacked = await inputFor(shared, d);
    const right = join(dir, `${d.name}-right.csv`);
    const names = renameColumns(join(folder, d.right), right);
    const exclude = unique([...d.exclude_columns, d.left_id].filter((c) => d.left_columns.includes(c)));
    // The second file's id and truth columns, under their new names.
    for (const c of [...d.exclude_columns, d.right_id]) if (names.has(c)) exclude.push(names.get(c) as string);
    const run = await evaluate({ ...d, name: `${d.name} [renamed]` }, { csv: join(folder, d.left), second: right, truth: stacked.truth, rows: stacked.rows, exclude }, 'zero', null, timeoutMs);
    out.push({ ...run, dataset: d.name });
  }
  return out;
}

/**
 * The person stand-ins judged: seeds of the default layout and of the
 * four-name-columns one. None of them is tuned on (docs/autoconfig.md §9):
 * they are the closest thing here to person data nobody has seen. Those
 * marked `robustness` also go through the robustness suite's cells (each
 * column blanked, then garbled, on a seeded 40% of the rows), judged
 * against their own clean figure.
 */
const STANDINS: ReadonlyArray<{ layout: StandinRun['layout']; seed: number; robustness?: true }> = [
  { layout: 'standin', seed: 7, robustness: true },
  { layout: 'standin', seed: 99 },
  { layout: 'standin', seed: 123 },
  { layout: 'standin', seed: 2024 },
  { layout: 'four-names', seed: 7, robustness: true },
  { layout: 'four-names', seed: 99 },
  { layout: 'four-names', seed: 314 },
];

/** Generates each stand-in of {@link STANDINS} and evaluates zero-config on it, its truth columns excluded; then the robustness cells of those marked. */
async function standinRuns(timeoutMs: number): Promise<{ standins: StandinRun[]; robustness: RobustnessRun[] }> {
  const dir = join(BENCH_OUT, 'standin');
  mkdirSync(dir, { recursive: true });
  const generator = join(REPO_ROOT, 'dist', 'bench', 'person-standin.js');
  const standins: StandinRun[] = [];
  const robustness: RobustnessRun[] = [];
  const exclude = ['unique_id', 'cluster'];
  for (const { layout, seed, robustness: withCells } of STANDINS) {
    const name = `${layout}-${seed}`;
    const csv = join(dir, `${name}.csv`);
    const truth = join(dir, `${name}-truth.csv`);
    execFileSync(process.execPath, [generator, '--out', csv, '--truth', truth, '--seed', String(seed), '--layout', layout], { stdio: 'pipe' });
    const rows = readFileSync(truth, 'utf8').trimEnd().split('\n').length - 1;
    const run = await evaluate({ name: `person stand-in ${name}`, title: `person stand-in (${layout}, seed ${seed})`, kind: 'dedupe' }, { csv, truth, rows, exclude }, 'zero', null, timeoutMs);
    const dataset = `standin:${name}`;
    standins.push({ ...run, dataset, layout, seed });
    if (withCells !== true) continue;
    const header = await readHeaderNames(csv);
    if (header === null) throw new Error(`${csv}: the generated stand-in has no readable header`);
    const columns = header.filter((c) => !exclude.includes(c));
    const cells = await corruptedCells({ csv, truth, rows, exclude }, columns, join(dir, name), async (cell, column, corruption) => {
      const label = { name: `person stand-in ${name} [${column} ${corruption}]`, title: `person stand-in (${layout}, seed ${seed})`, kind: 'dedupe' as const };
      return { ...(await evaluate(label, cell, 'zero', null, timeoutMs)), dataset, column, corruption, hand_f1: null };
    });
    robustness.push(...cells);
  }
  return { standins, robustness };
}

/** Copies a CSV with its header replaced by `c1…ck` in reverse order of the columns; returns old name → new name. */
function renameColumns(input: string, output: string): Map<string, string> {
  const text = readFileSync(input, 'utf8');
  const end = text.indexOf('\n');
  const header = text.slice(0, end).replace(/\r$/, '').split(',');
  const renamed = header.map((_, i) => `c${header.length - i}`);
  writeFileSync(output, renamed.join(',') + text.slice(end));
  return new Map(header.map((h, i) => [h, renamed[i]]));
}

mkdirSync(BENCH_OUT, { recursive: true });
main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`quality: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  },
);
