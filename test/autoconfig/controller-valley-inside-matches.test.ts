/** A score valley that splits the match hump (clean copies from copies missing a date) is lowered by the probe; one that separates the humps is kept. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { corruptColumn } from '../../bench/lib/corrupt-column.js';
import { PROBE_THRESHOLD_RULE } from '../../src/autoconfig/probe-threshold.js';
import type { Config } from '../../src/config/types.js';
import { ColumnStore } from '../../src/data/column-store.js';
import { evaluateClusters } from '../../src/engine/evaluation/metrics.js';
import { runMatching } from '../../src/engine/run.js';
import { WorkerPool } from '../../src/engine/worker-pool.js';
import { control } from './controller-run.js';
import { people, type Person } from './fixtures.js';

const STANDIN = fileURLToPath(new URL('../../bench/person-standin.js', import.meta.url));

/** The four-name person stand-in (2,000 people, seed 7) with 40% of one column blanked; `unique_id` and `cluster` dropped, the clusters kept as the truth. */
async function standin(blank: string | null): Promise<{ store: ColumnStore; truth: Int32Array }> {
  const dir = mkdtempSync(join(os.tmpdir(), 'valley-inside-'));
  try {
    const clean = join(dir, 'people.csv');
    execFileSync(process.execPath, [STANDIN, '--out', clean, '--truth', join(dir, 'truth.csv'), '--seed', '7', '--entities', '2000', '--layout', 'four-names'], { stdio: 'pipe' });
    const file = blank === null ? clean : join(dir, 'corrupted.csv');
    if (blank !== null) await corruptColumn(clean, file, blank, 'blank', 1004);
    const [header, ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n').map((l) => l.split(','));
    const keep = header.map((_, i) => i).filter((i) => header[i] !== 'unique_id' && header[i] !== 'cluster');
    const cluster = header.indexOf('cluster');
    const store = ColumnStore.fromRows(
      keep.map((i) => header[i]),
      lines.map((cells) => keep.map((i) => (cells[i] === '' ? null : cells[i]))),
    );
    return { store, truth: Int32Array.from(lines, (cells) => Number(cells[cluster])) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Pairwise F1 against the truth of `config` with its threshold set to `threshold`. */
async function f1At(store: ColumnStore, truth: Int32Array, config: Config, threshold: number): Promise<number> {
  const pool = new WorkerPool({ workers: 2 });
  try {
    const at = structuredClone(config);
    at.matchkeys[0].threshold = threshold;
    const run = await runMatching(store, at, pool);
    return evaluateClusters(run.clusterOf, truth).pairwise.f1;
  } finally {
    await pool.close();
  }
}

test('with dates blanked the valley splits clean copies from the rest, and the probe lowers the threshold to where the truth agrees', async () => {
  const { store, truth } = await standin('dob');
  const { config, telemetry } = await control(store);
  const decisions = telemetry.decisions ?? [];
  const valley = decisions.find((d) => d.rule_name === 'score_valley');
  assert.ok(valley, JSON.stringify(decisions));
  const step = decisions.find((d) => d.rule_name === PROBE_THRESHOLD_RULE);
  assert.ok(step, JSON.stringify(decisions));
  assert.match(step.rationale ?? '', /but the probe's judge calls \d+ of the \d+ pairs scoring in \[[\d.]+, [\d.]+\) likely matches \([\d.]+%\): the dip lies inside the match hump/);
  const moved = step.config_diff?.['matchkeys[0].threshold'] as { from: number; to: number };
  assert.equal(moved.from, (valley.config_diff?.['matchkeys[0].threshold'] as { to: number }).to, 'the move starts at the valley');
  assert.ok(moved.to < moved.from, `down: ${moved.from} → ${moved.to}`);
  assert.equal(config.matchkeys[0].threshold, moved.to);
  // The truth, never seen by the controller, agrees: the lower threshold finds the copies without a date the valley left out.
  const atValley = await f1At(store, truth, config, moved.from);
  const committed = await f1At(store, truth, config, moved.to);
  assert.ok(committed > atValley + 0.005, `F1 ${atValley} at the valley's ${moved.from}, ${committed} at ${moved.to}`);
});

test('where the band under the valley is mostly non-matches the valley stands', async () => {
  // Sixteen first names and sixteen surnames in five cities: namesakes abound and fill the scores under the valley.
  const typos = (p: Person, r: () => number): Person => {
    const at = 1 + Math.floor(r() * 4);
    return { ...p, email: p.email.slice(0, at) + 'q' + p.email.slice(at + 1), city: r() < 0.3 ? 'elsewhere' : p.city };
  };
  const { telemetry, config } = await control(people(400, 11, typos));
  const decisions = telemetry.decisions ?? [];
  const valley = decisions.find((d) => d.rule_name === 'score_valley');
  assert.ok(valley, JSON.stringify(decisions));
  assert.equal(decisions.some((d) => d.rule_name === PROBE_THRESHOLD_RULE), false, JSON.stringify(decisions));
  assert.equal(config.matchkeys[0].threshold, (valley.config_diff?.['matchkeys[0].threshold'] as { to: number }).to);
});
