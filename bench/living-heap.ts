/** Main-thread heap per record change of `kindred serve`: `node dist/bench/living-heap.js --file <csv> [--config <yaml>] [--changes N] [--warmup N] [--batch N] [--snapshot <dir>] [--cli <other build's main.js>]`, JSON on stdout. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { changeMix, changeRequest, changeRequests, DEFAULT_CHANGE_SHARES, pickRowIds, type LivingChange } from './lib/change-mix.js';
import { sampleCsvRows } from './lib/csv-row-sample.js';
import { readRowsAt } from './lib/csv-rows-at.js';
import { probeHealthUntilReady } from './lib/health-probe.js';
import type { Exchange } from './lib/http-exchange.js';
import { DEFAULT_QUERY_MIX, perturbRows } from './lib/query-records.js';
import { CLI, REPO_ROOT } from './lib/repo-paths.js';
import { sendAll } from './lib/send-all.js';
import { collectServerGarbage, GC_NODE_ARGS, type MainThreadMemory } from './lib/server-gc.js';
import { residentBytes, spawnServe } from './lib/serve-process.js';
import { shareWithAMatch } from './server-load.js';

/** Seed of the changed rows and the mix (the living benchmark's, so the two send alike changes). */
const CHANGE_SEED = 16;
const MATCH_WARMUP = 200;

/**
 * What one measurement found: the main thread's memory after a GC before
 * and after the measured changes, and the heap growth per change.
 *
 * @example
 * const r: HeapPerChange = await measureHeapPerChange({ csv, config, changes: 50_000, warmup: 500, batch: 1000, snapshotDir: null, cli: CLI });
 * r.heap_used_per_change_bytes; // e.g. 2700
 */
export interface HeapPerChange {
  rows: number;
  changes: number;
  adds: number;
  updates: number;
  deletes: number;
  load_average_at_start: number;
  before: MainThreadMemory | null;
  after: MainThreadMemory | null;
  rss_before_bytes: number | null;
  rss_after_bytes: number | null;
  heap_used_per_change_bytes: number | null;
  /** Growth of array buffers (typed arrays, the columnar overlays' home) per change: off the JS heap, but memory all the same. */
  array_buffers_per_change_bytes: number | null;
  changes_ms: number;
  errors: number;
  error_samples: string[];
}

/** A change was applied: 201 for an add, 200 for an update or delete. */
function isChangeAnswer(e: Exchange): boolean {
  return (e.status === 200 || e.status === 201) && e.body.includes('"row_id"');
}

/**
 * Serves `csv`, sends `warmup` single changes (so what the first change
 * builds once is not counted), collects garbage, sends `changes` more (the
 * living benchmark's mix: adds in batches of `batch`, updates and deletes
 * one request each), collects again and reports the difference. With a
 * `snapshotDir`, the server writes a heap snapshot there after each GC
 * (SIGUSR1; open them in Chrome's DevTools, "Comparison").
 *
 * @example
 * const r = await measureHeapPerChange({ csv: '/tmp/people-200k.csv', config: 'bench/workloads/tight.yaml', changes: 50_000, warmup: 500, batch: 1000, snapshotDir: null, cli: CLI });
 */
export async function measureHeapPerChange(o: { csv: string; config: string; changes: number; warmup: number; batch: number; snapshotDir: string | null; cli: string }): Promise<HeapPerChange> {
  const rows = sampleRowCount(o.csv);
  const sources = await readRowsAt(o.csv, pickRowIds(rows, o.warmup + o.changes, CHANGE_SEED));
  const all = changeMix(sources, { shares: DEFAULT_CHANGE_SHARES, seed: CHANGE_SEED, dropOnAdd: ['rec_id'] });
  const warm = all.slice(0, o.warmup);
  const measured = all.slice(o.warmup);
  const count = (kind: LivingChange['kind']): number => measured.filter((c) => c.kind === kind).length;
  const matchBodies = perturbRows(sampleCsvRows(o.csv, MATCH_WARMUP), { mix: DEFAULT_QUERY_MIX, seed: 42, drop: ['rec_id'] }).map((q) => Buffer.from(JSON.stringify(q)));
  // On tmpfs when there is one: the fsync per change is not what is measured here.
  const stateDir = mkdtempSync(join(os.platform() === 'linux' ? '/dev/shm' : os.tmpdir(), 'kindred-living-heap-'));
  const nodeArgs = [...GC_NODE_ARGS, ...(o.snapshotDir === null ? [] : ['--heapsnapshot-signal=SIGUSR1', `--diagnostic-dir=${o.snapshotDir}`])];
  const server = spawnServe(o.cli, ['--file', o.csv, '--config', o.config, '--port', '0', '--state', stateDir], REPO_ROOT, nodeArgs);
  const load = Math.round(os.loadavg()[0] * 100) / 100;
  try {
    const origin = await server.listening;
    const health = await probeHealthUntilReady(origin, { intervalMs: 100, timeoutMs: 15 * 60_000 });
    if (health.outcome !== 'ok') throw new Error(`initial run ${health.outcome}: ${health.failure ?? ''}`);
    await shareWithAMatch(origin, matchBodies);
    const warmed = await sendAll(origin, warm.map(changeRequest), 4, isChangeAnswer);
    const pid = server.child.pid ?? 0;
    const before = await collectServerGarbage(server);
    const rssBefore = residentBytes(pid);
    if (o.snapshotDir !== null) await snapshot(server.child.pid ?? 0);
    const sent = await sendAll(origin, changeRequests(measured, o.batch), 4, isChangeAnswer);
    const after = await collectServerGarbage(server);
    const rssAfter = residentBytes(pid);
    if (o.snapshotDir !== null) await snapshot(server.child.pid ?? 0);
    return {
      rows,
      changes: measured.length,
      adds: count('add'),
      updates: count('update'),
      deletes: count('delete'),
      load_average_at_start: load,
      before,
      after,
      rss_before_bytes: rssBefore,
      rss_after_bytes: rssAfter,
      heap_used_per_change_bytes: perChange(before, after, 'heapUsed', measured.length),
      array_buffers_per_change_bytes: perChange(before, after, 'arrayBuffers', measured.length),
      changes_ms: Math.round(sent.ms),
      errors: warmed.errors + sent.errors,
      error_samples: [...warmed.error_samples, ...sent.error_samples],
    };
  } finally {
    await server.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

function perChange(before: MainThreadMemory | null, after: MainThreadMemory | null, field: 'heapUsed' | 'arrayBuffers', changes: number): number | null {
  return before !== null && after !== null && changes > 0 ? Math.round((after[field] - before[field]) / changes) : null;
}

/** Data rows of a CSV without quoted newlines (the generated files hold none): its line breaks less the header's. */
function sampleRowCount(csv: string): number {
  const bytes = readFileSync(csv);
  let lines = 0;
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines++;
  return lines - 1;
}

/** Asks for a heap snapshot and gives the server time to write it (it blocks its event loop meanwhile). */
async function snapshot(pid: number): Promise<void> {
  process.kill(pid, 'SIGUSR1');
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      file: { type: 'string' },
      config: { type: 'string', default: join(REPO_ROOT, 'bench', 'workloads', 'tight.yaml') },
      changes: { type: 'string', default: '50000' },
      warmup: { type: 'string', default: '500' },
      batch: { type: 'string', default: '1000' },
      snapshot: { type: 'string' },
      cli: { type: 'string', default: CLI },
    },
  });
  if (values.file === undefined) {
    process.stderr.write('usage: node dist/bench/living-heap.js --file <csv> [--config <yaml>] [--changes N] [--warmup N] [--batch N] [--snapshot <dir>] [--cli <main.js>]\n');
    process.exit(2);
  }
  const r = await measureHeapPerChange({
    csv: values.file,
    config: values.config,
    changes: Number(values.changes),
    warmup: Number(values.warmup),
    batch: Number(values.batch),
    snapshotDir: values.snapshot ?? null,
    cli: values.cli,
  });
  process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
}
