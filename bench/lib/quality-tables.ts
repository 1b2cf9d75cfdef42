/** Turns bench/quality-results.json into the tables of docs/quality.md: one per mode, and the targets. */
import { markdownTable } from './markdown.js';
import { formatCount, formatFixed, formatSeconds } from './number-format.js';
import { DATASET_SPLIT, ROBUSTNESS_MAX_DROP } from './dataset-split.js';
import type { QualityResults, QualityRun } from './quality-results.js';

/**
 * Hand-configured pairwise F1 the project aims for, by dataset.
 *
 * @example
 * QUALITY_TARGETS.cora; // 0.85
 */
export const QUALITY_TARGETS: Record<string, number> = {
  febrl3: 0.99,
  febrl4: 0.99,
  dblp_acm: 0.97,
  splink_fake_1000: 0.9,
  cora: 0.85,
};

/**
 * Zero-configuration pairwise F1 the project aims for (issue 4), by dataset.
 *
 * @example
 * ZERO_CONFIG_TARGETS.abt_buy; // 0.5
 */
export const ZERO_CONFIG_TARGETS: Record<string, number> = {
  febrl3: 0.99,
  febrl4: 0.99,
  dblp_acm: 0.97,
  splink_fake_1000: 0.9,
  cora: 0.85,
  abt_buy: 0.5,
  walmart_amazon: 0.5,
  dedupe_chicago_childcare: 0.8,
};

/**
 * The generated sections of docs/quality.md by marker name.
 *
 * @example
 * for (const [name, table] of Object.entries(qualityTables(results))) doc = replaceSection(doc, name, table);
 */
export function qualityTables(q: QualityResults): Record<string, string> {
  return {
    'quality:meta': metaSection(q),
    'quality:targets': targetsTable(q),
    'quality:hand': modeTable(q.runs.filter((r) => r.mode === 'hand'), true),
    'quality:zero': modeTable(q.runs.filter((r) => r.mode === 'zero'), false),
    'quality:validation': validationTable(q),
    'quality:renamed': renamedTable(q),
    'quality:robustness': robustnessTable(q),
    'quality:standins': standinTable(q),
  };
}

/** The mean of the F1 figures measured (missing ones left out), bold to 4 decimals; a dash when none was. */
function boldMean(f1s: ReadonlyArray<number | null>): string {
  const measured = f1s.filter((x): x is number => x !== null);
  return measured.length === 0 ? '—' : `**${formatFixed(measured.reduce((s, x) => s + x, 0) / measured.length, 4)}**`;
}

/** Zero-config on the synthetic person stand-ins, one row per layout and seed, and each layout's mean. */
function standinTable(q: QualityResults): string {
  const runs = q.standins ?? [];
  if (runs.length === 0) return '_Not run (make quality --no-robustness)._';
  const rows: string[][] = [];
  for (const layout of [...new Set(runs.map((r) => r.layout))]) {
    const mine = runs.filter((r) => r.layout === layout);
    for (const r of mine) {
      const f1 = r.f1 === null ? (r.error !== null ? 'failed' : '—') : formatFixed(r.f1, 4);
      rows.push([layout, String(r.seed), r.rows.toLocaleString('en-US'), formatFixed(r.precision, 4), formatFixed(r.recall, 4), f1]);
    }
    rows.push([layout, '**mean**', '', '', '', boldMean(mine.map((r) => r.f1))]);
  }
  return markdownTable(['layout', 'seed', 'rows', 'precision', 'recall', 'F1'], rows);
}

/** Zero-config F1 of each half of the split, and each half's mean. */
function validationTable(q: QualityResults): string {
  const f1 = (name: string): number | null => q.runs.find((r) => r.dataset === name && r.mode === 'zero')?.f1 ?? null;
  const rows: string[][] = [];
  for (const half of ['tuning', 'validation'] as const) {
    const names = DATASET_SPLIT[half];
    for (const n of names) rows.push([half, n, formatFixed(f1(n), 4)]);
    rows.push([half, '**mean**', boldMean(names.map(f1))]);
  }
  return markdownTable(['half', 'dataset', 'zero-config F1'], rows);
}

/** The link datasets as two files with the second file's columns renamed: F1 next to the stacked zero-config figure, and the alignment found. */
function renamedTable(q: QualityResults): string {
  const runs = q.renamed ?? [];
  if (runs.length === 0) return '_Not run (make quality --no-robustness, or no link dataset present)._';
  return markdownTable(
    ['dataset', 'zero-config F1 (one stacked file)', 'two files, second renamed: F1', 'alignment found'],
    runs.map((r) => [
      r.dataset,
      formatFixed(q.runs.find((z) => z.dataset === r.dataset && z.mode === 'zero')?.f1 ?? null, 4),
      r.f1 === null ? (r.error !== null ? 'failed' : '—') : formatFixed(r.f1, 4),
      r.alignment ?? '',
    ]),
  );
}

/**
 * Each corrupted column's zero-config F1 and its drop from the clean figure,
 * pass at a drop of at most 0.05; beside it the hand-written configuration's
 * drop on the same file, where there is one (a reference, not the bar).
 */
function robustnessTable(q: QualityResults): string {
  const runs = q.robustness ?? [];
  if (runs.length === 0) return '_Not run (make quality --no-robustness, or no person dataset present)._';
  // A stand-in's clean figure is its row of the stand-in table (zero-config only: it has no hand-written configuration).
  const clean = (name: string, mode: 'zero' | 'hand'): number | null =>
    q.runs.find((r) => r.dataset === name && r.mode === mode)?.f1 ?? (mode === 'zero' ? (q.standins ?? []).find((r) => r.dataset === name)?.f1 : null) ?? null;
  let passed = 0;
  let failedBoth = 0;
  const rows = runs.map((r) => {
    const base = clean(r.dataset, 'zero');
    const drop = base === null || r.f1 === null ? null : base - r.f1;
    const ok = drop !== null && drop <= ROBUSTNESS_MAX_DROP;
    if (ok) passed++;
    const handBase = clean(r.dataset, 'hand');
    const handDrop = handBase === null || r.hand_f1 === undefined || r.hand_f1 === null ? null : handBase - r.hand_f1;
    if (!ok && handDrop !== null && handDrop > ROBUSTNESS_MAX_DROP) failedBoth++;
    return [r.dataset, r.column, r.corruption, formatFixed(base, 4), formatFixed(r.f1, 4), formatFixed(drop, 4), drop === null ? 'not measured' : ok ? 'pass' : '**fail**', formatFixed(handDrop, 4)];
  });
  const both = failedBoth === 0 ? '' : ` In ${failedBoth} of the ${runs.length - passed} failing cells the hand-written configuration drops by more than ${ROBUSTNESS_MAX_DROP} too.`;
  return `${passed} of ${runs.length} cells pass (drop ≤ ${ROBUSTNESS_MAX_DROP}).${both}\n\n${markdownTable(
    ['dataset', 'column', 'corruption (40% of rows)', 'clean F1', 'F1', 'drop', 'status', 'hand-written config: drop'],
    rows,
  )}`;
}

function metaSection(q: QualityResults): string {
  const m = q.machine;
  const lines = [
    `Generated ${q.generated_at} from commit \`${q.commit}\` by \`make quality\` on ${m.cpus} cores (${m.cpuModel}), Node ${m.node}; ` +
      `1-minute load average at the start: ${m.loadAverageAtStart}.`,
  ];
  for (const s of q.skipped) lines.push(`- skipped: ${s}`);
  for (const r of q.runs) if (r.error !== null) lines.push(`- ${r.dataset} (${r.mode}) failed: ${r.error}`);
  return lines.join('\n');
}

function targetsTable(q: QualityResults): string {
  const row = (mode: 'hand' | 'zero', name: string, goal: number): string[] => {
    const f1 = q.runs.find((r) => r.dataset === name && r.mode === mode)?.f1 ?? null;
    const label = mode === 'hand' ? 'hand-configured' : 'zero-config';
    return [name, label, `≥ ${goal.toFixed(2)}`, formatFixed(f1, 4), f1 === null ? 'not measured' : f1 >= goal ? 'met' : '**not met**'];
  };
  return markdownTable(
    ['dataset', 'mode', 'goal (pairwise F1)', 'reached', 'status'],
    [
      ...Object.entries(QUALITY_TARGETS).map(([name, goal]) => row('hand', name, goal)),
      ...Object.entries(ZERO_CONFIG_TARGETS).map(([name, goal]) => row('zero', name, goal)),
    ],
  );
}

function modeTable(runs: QualityRun[], withTargets: boolean): string {
  if (runs.length === 0) return '_No runs._';
  const headers = ['dataset', 'kind', 'rows', 'candidate pairs', 'precision', 'recall', 'F1', 'B³ precision', 'B³ recall', 'B³ F1', 'time'];
  return markdownTable(
    [...headers, ...(withTargets ? ['target F1'] : []), 'excluded columns'],
    runs.map((r) => [
      r.dataset,
      r.kind,
      formatCount(r.rows),
      formatCount(r.candidate_pairs),
      formatFixed(r.precision, 4),
      formatFixed(r.recall, 4),
      r.f1 === null ? (r.error !== null ? 'failed' : '—') : formatFixed(r.f1, 4),
      formatFixed(r.bcubed_precision, 4),
      formatFixed(r.bcubed_recall, 4),
      formatFixed(r.bcubed_f1, 4),
      formatSeconds(r.wall_ms),
      ...(withTargets ? [QUALITY_TARGETS[r.dataset] !== undefined ? `≥ ${QUALITY_TARGETS[r.dataset].toFixed(2)}` : ''] : []),
      r.excluded.map((c) => `\`${c}\``).join(', '),
    ]),
  );
}
