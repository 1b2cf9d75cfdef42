/** The matching pipeline end to end: prepare fields, block, score on the pool, cluster. */
import crypto from 'node:crypto';
import type { ColumnStore } from '../data/column-store.js';
import type { Config, FieldRef } from '../config/types.js';
import { BlockIndex, type PassSpec } from './blocking/block-index.js';
import { clusterLimits } from './clustering/cluster-builder.js';
import { startPreparingFields, type PendingFields, type PreparedFields } from './fields/prepared-fields.js';
import { matchkeyFieldRefs } from './scoring/pair-scorer.js';
import type { PairTask } from './scoring/pair-plan.js';
import type { PlanScoreOutput } from './scoring/plan-score.js';
import type { RunHandle } from './scoring/score-task.js';
import { scoreTasks, shareRowRecords } from './scoring/score-phase.js';
import type { WorkerPool } from './worker-pool.js';
import { samplePairs } from './blocking/pair-sample.js';
import { fieldKey } from './fields/field-dictionary.js';
import { secondaryKey } from '../config/secondary-key.js';
import type { ClusterDiff, RowEdges } from './clustering/cluster-state.js';
import type { Edge } from './clustering/living-graph.js';
import type { Edit } from './clustering/types.js';
import type { LiveMatching, RecordOp } from './living/live-matching.js';
import { planRecordChanges, type ChangePlan } from './living/change-plan.js';
import { scoreChangeItems, type ChangedEdges } from './scoring/change-scoring.js';
import type { PreparedQuery } from './scoring/pair-scorer.js';
import { KindredError } from '../errors/registry.js';

/** Reported after each phase (for progress output). */
export interface PhaseReport {
  /** `edges`: kept pairs read from another engine's edges instead of scored. */
  phase: 'prepare' | 'block' | 'train' | 'score' | 'edges' | 'cluster';
  ms: number;
  detail: Record<string, number | string>;
}

/** Progress callback: `done` of `total` units of the current phase. */
export type ProgressFn = (phase: PhaseReport['phase'], done: number, total: number) => void;

/** Kept pairs of a run (a < b), with scores and deciding-matchkey flags. */
export interface PairList {
  a: Int32Array;
  b: Int32Array;
  score: Float64Array;
  flags: Uint8Array;
  count: number;
}

/**
 * What a {@link PairSource} is given: the run so far (loaded table, prepared
 * fields, block index, trained models), and where to report its phases.
 */
export interface PairSourceContext {
  config: Config;
  store: ColumnStore;
  fields: PreparedFields;
  handle: RunHandle;
  onPhase: (r: PhaseReport) => void;
  onProgress?: ProgressFn;
  signal?: AbortSignal;
}

/** Kept pairs another engine produced over the same rows. */
export interface SourcedPairs {
  /** The engine's name, as `/stats` reports it. */
  engine: string;
  pairs: PairList;
  /** Candidate pairs the engine scored; null when it did not say (edges computed elsewhere). */
  candidatePairs: number | null;
}

/**
 * Where a run's kept pairs come from instead of scoring on the pool: the
 * run prepares, blocks (the index `/match` and record changes read) and
 * trains as always, then asks the source, then clusters.
 *
 * @example
 * const run = await runMatching(store, config, pool, { pairSource: async () => ({ engine: 'test', pairs, candidatePairs: null }) });
 */
export type PairSource = (context: PairSourceContext) => Promise<SourcedPairs>;

/** Everything a run produced; immutable once returned. */
export interface MatchRun {
  runId: string;
  /** What produced the kept pairs: `pool`, or a {@link PairSource}'s engine. */
  engine: string;
  config: Config;
  store: ColumnStore;
  fields: PreparedFields;
  index: BlockIndex;
  handle: RunHandle;
  /** Every kept pair (matched, or in the review band). */
  pairs: PairList;
  /** Candidate pairs scored (each pair once, across passes); null when a pair source did not count them. */
  candidatePairs: number | null;
  /** Candidate pairs per pass before de-duplication (Σ C(size, 2) over blocks; pairs within the window for sorted neighbourhood); null when a pair source scored. */
  passPairs: number[] | null;
  clusterOf: Int32Array;
  /** EM outcome per probabilistic matchkey (reported honestly: converged or not). */
  training: Record<string, { converged: boolean; iterations: number; sampled_pairs: number }>;
  phases: PhaseReport[];
  ms: number;
}

/**
 * The passes of a configuration: its blocking keys (sorted-neighbourhood
 * passes under `strategy: sorted_neighborhood`, else block passes, split by
 * their secondary key when `split_oversized` is on), then one block pass per
 * exact matchkey (equality is what it matches on, so it is never windowed or split).
 *
 * @example
 * passSpecs(config).map((s) => s.label); // ['blocking.keys[0]', 'matchkeys[by_email]']
 */
export function passSpecs(config: Config): PassSpec[] {
  const { blocking } = config;
  const window = blocking.strategy === 'sorted_neighborhood' ? blocking.window : null;
  const specs: PassSpec[] = blocking.keys.map((k, i) => ({
    label: `blocking.keys[${i}]`,
    fields: k.fields,
    origin: 'blocking' as const,
    unordered: k.unordered === true,
    window,
    splitBy: blocking.split_oversized && window === null ? k.split_by ?? secondaryKey(config.matchkeys, k) : [],
  }));
  for (const mk of config.matchkeys) {
    if (mk.type === 'exact') specs.push({ label: `matchkeys[${mk.name}]`, fields: mk.fields, origin: 'exact_matchkey', unordered: false, window: null, splitBy: [] });
  }
  return specs;
}

/** Every field reference a configuration needs prepared. */
export function configFieldRefs(config: Config): FieldRef[] {
  const refs = matchkeyFieldRefs(config);
  for (const k of config.blocking.keys) refs.push(...k.fields, ...(k.split_by ?? []));
  if (config.link) refs.push({ field: config.link.source_column, transforms: [] });
  return refs;
}

/**
 * Runs matching over a loaded table with a validated configuration.
 *
 * `signal` cancels the run: it is checked before each phase, blocking
 * queues no pass after it fires, and scoring (the long phase) stops handing
 * out tasks as soon as it does. The promise then rejects with the signal's
 * reason and the pool is free for the next run.
 * `pairSource` replaces the pool's pair planning and scoring (another engine
 * scores; see src/engine/engines.ts); every other phase is the same.
 *
 * @example
 * const run = await runMatching(store, config, pool);
 * run.clusterOf[17]; // the cluster id (smallest member row id) of row 17
 */
export async function runMatching(
  store: ColumnStore,
  config: Config,
  pool: WorkerPool,
  options: { onPhase?: (r: PhaseReport) => void; onProgress?: ProgressFn; signal?: AbortSignal; pairSource?: PairSource } = {},
): Promise<MatchRun> {
  const t0 = performance.now();
  const phases: PhaseReport[] = [];
  const signal = options.signal;
  const reported = (r: PhaseReport): void => {
    phases.push(r);
    options.onPhase?.(r);
    signal?.throwIfAborted();
  };
  const report = (phase: PhaseReport['phase'], start: number, detail: PhaseReport['detail']): void => reported({ phase, ms: performance.now() - start, detail });
  signal?.throwIfAborted();

  let t = performance.now();
  const onProgress = options.onProgress;
  const source = options.pairSource;
  const probabilistic = config.matchkeys.some((m) => m.type === 'probabilistic');
  // The pool scores from shared row records (another engine pairs the rows
  // itself; a probabilistic run's workers keep their own). They need only the
  // prepared fields: filled from then on, they take the worker that the last
  // passes' builds leave idle.
  let records: Promise<SharedArrayBuffer | undefined> | undefined;
  // Settled however the fill ends, from its start: a failure while blocking or planning goes on is not unhandled meanwhile.
  let filled: Promise<unknown> | undefined;
  let built: Awaited<ReturnType<typeof prepareAndBlock>>;
  try {
    built = await prepareAndBlock(store, config, pool, {
      signal,
      onProgress,
      prepared: (prepared) => {
        if (source === undefined && !probabilistic) {
          records = shareRowRecords(pool, { config, fields: prepared.handles() });
          filled = records.catch(() => undefined);
        }
        report('prepare', t, { fields: prepared.byKey.size, rows: store.rowCount });
        // The block phase is the blocking left from here.
        t = performance.now();
      },
    });
  } catch (e) {
    // A run that stops here leaves the pool idle, as one that stops between phases does.
    await filled;
    throw e;
  }
  const { fields, specs, index } = built;
  const runId = crypto.randomUUID();
  const handle: RunHandle = {
    runId,
    config,
    fields: fields.handles(),
    passes: index.passes.map((p) => p.handle),
    passSpecs: specs,
    models: {},
  };
  let plan: PlanScoreOutput | null;
  try {
    signal?.throwIfAborted();
    // Planning enumerates the pool's scoring tasks: another engine pairs the rows itself.
    const planning = source === undefined ? pool.run('planScore', { passes: index.passes.map((p) => p.layout), workers: pool.size }) : null;
    plan = planning === null ? null : await planning;
    report('block', t, {
      passes: specs.length,
      blocks: index.passes.reduce((s, p) => s + p.handle.groups, 0),
      ...(plan !== null ? { pass_pairs: plan.total } : {}),
      oversized: index.oversized.filter((o) => !o.sub_block).length,
      ...(config.blocking.split_oversized ? { split: index.oversized.filter((o) => o.action === 'split').length } : {}),
    });
  } catch (e) {
    // A run that stops here leaves the pool idle, as one that stops between phases does (scoreTasks waits for it later on).
    await filled;
    throw e;
  }

  const training: MatchRun['training'] = {};
  if (probabilistic) {
    t = performance.now();
    const trained = await trainMatchkeys(config, specs, index, handle.fields, store.rowCount, pool);
    Object.assign(handle.models, trained.models);
    Object.assign(training, trained.training);
    report('train', t, Object.fromEntries(Object.entries(training).map(([k, v]) => [k, `${v.converged ? 'converged' : 'not converged'} after ${v.iterations} iterations`])));
  }

  let scored: SourcedPairs;
  if (plan === null) {
    scored = await (source as PairSource)({ config, store, fields, handle, onPhase: reported, onProgress, signal });
    signal?.throwIfAborted();
  } else {
    t = performance.now();
    const tasks: PairTask[] = plan.tasks;
    const scoredTasks = await scoreTasks(pool, handle, tasks, { onProgress: onProgress ? (done, total) => onProgress('score', done, total) : undefined, signal, records });
    scored = { engine: 'pool', pairs: scoredTasks.pairs, candidatePairs: scoredTasks.scored };
    report('score', t, { tasks: tasks.length, candidate_pairs: scoredTasks.scored, kept_pairs: scoredTasks.pairs.count });
  }
  const pairs = scored.pairs;

  t = performance.now();
  // One task: the bar shows it started and when it ends.
  onProgress?.('cluster', 0, 1);
  const { clusterOf, links } = await pool.run('clusterLinks', {
    rowCount: store.rowCount,
    pairs,
    ...clusterLimits(config.clustering),
  });
  onProgress?.('cluster', 1, 1);
  report('cluster', t, { links });

  return {
    runId,
    engine: scored.engine,
    config,
    store,
    fields,
    index,
    handle,
    pairs,
    candidatePairs: scored.candidatePairs,
    passPairs: plan?.perPass ?? null,
    clusterOf,
    training,
    phases,
    ms: performance.now() - t0,
  };
}

/**
 * A configuration's prepared fields and built passes: the prepare and
 * block phases of {@link runMatching} and {@link trainModels}, one path.
 * Each pass is built as soon as its key fields are prepared (see
 * {@link blockWhilePreparing}). `prepared` hears the fields once every
 * column is done, before the index is; a throw there, a failed column or
 * `signal` queues no further pass, and the promise rejects once every task
 * started has ended (as when a run stops between phases: the pool is idle).
 */
async function prepareAndBlock(
  store: ColumnStore,
  config: Config,
  pool: WorkerPool,
  options: { signal?: AbortSignal; onProgress?: ProgressFn; prepared?: (fields: PreparedFields) => void } = {},
): Promise<{ fields: PreparedFields; specs: PassSpec[]; index: BlockIndex }> {
  const { signal, onProgress } = options;
  const preparing = startPreparingFields(store, configFieldRefs(config), pool, onProgress && ((done, total) => onProgress('prepare', done, total)));
  const specs = passSpecs(config);
  const blocking = blockWhilePreparing(specs, preparing, pool, config.blocking, signal, onProgress);
  let fields: PreparedFields;
  try {
    fields = await preparing.all;
    options.prepared?.(fields);
  } catch (e) {
    await blocking.stop(e);
    await preparing.ended;
    throw e;
  }
  return { fields, specs, index: await blocking.index() };
}

/**
 * Blocking started while the fields are still being prepared: each pass's
 * task is queued as soon as its key fields are done, behind the columns
 * still waiting (tasks start in queue order), so it takes a worker only
 * when preparing leaves one idle, as the last and largest columns do.
 * `index()` is the built index, with the progress held back until then
 * (the bar shows blocking once preparing is reported); `stop(reason)`
 * queues no further pass and resolves once every queued one has ended.
 */
function blockWhilePreparing(
  specs: PassSpec[],
  preparing: PendingFields,
  pool: WorkerPool,
  blocking: Config['blocking'],
  signal: AbortSignal | undefined,
  onProgress: ProgressFn | undefined,
): { index: () => Promise<BlockIndex>; stop: (reason: unknown) => Promise<void> } {
  // Stopped by the caller's signal, or by a preparation that failed.
  const stopping = new AbortController();
  const forward = (): void => stopping.abort(signal?.reason);
  if (signal?.aborted === true) forward();
  else signal?.addEventListener('abort', forward, { once: true });
  let shown = false;
  const held: { ticks?: [number, number] } = {};
  const built = BlockIndex.build(specs, preparing, pool, {
    maxBlockSize: blocking.max_block_size,
    skipOversized: blocking.oversized === 'skip',
    signal: stopping.signal,
    onProgress:
      onProgress &&
      ((done, total) => {
        if (shown) onProgress('block', done, total);
        else held.ticks = [done, total];
      }),
  });
  // Handled from now on: a failure while preparing is awaited is not unhandled meanwhile.
  const settled = built.then(
    () => undefined,
    () => undefined,
  );
  void settled.then(() => signal?.removeEventListener('abort', forward));
  return {
    index: () => {
      shown = true;
      if (held.ticks !== undefined) onProgress?.('block', ...held.ticks);
      return built;
    },
    stop: async (reason) => {
      stopping.abort(reason);
      await settled;
    },
  };
}

/**
 * Trains every probabilistic matchkey on the pool, from pairs sampled from
 * the blocking passes (the one training path of both engines).
 */
async function trainMatchkeys(
  config: Config,
  specs: PassSpec[],
  index: BlockIndex,
  fields: RunHandle['fields'],
  rowCount: number,
  pool: WorkerPool,
): Promise<{ models: Record<string, unknown>; training: MatchRun['training'] }> {
  const models: Record<string, unknown> = {};
  const training: MatchRun['training'] = {};
  // Blocking guarantees agreement on a block pass's key only: a window pairs rows with different keys, and an
  // unordered pass rows whose two values agree as a set, so that neither field need agree.
  const passFieldKeys = specs.map((sp) => (sp.window === null && !sp.unordered ? sp.fields.map((f) => fieldKey(f.field, f.transforms)) : []));
  for (const mk of config.matchkeys) {
    if (mk.type !== 'probabilistic') continue;
    const pairs = samplePairs(index.passes, mk.em.sample_pairs, mk.em.seed);
    const trained = await pool.run('trainProbabilistic', { matchkey: mk, fields, rowCount, pairs, passFieldKeys });
    models[mk.name] = trained.model;
    training[mk.name] = { converged: trained.converged, iterations: trained.iterations, sampled_pairs: pairs.count };
  }
  return { models, training };
}

/**
 * The trained models (JSON, by matchkey name) a run of `config` on `store`
 * would score with: the same preparation, blocking and training as
 * {@link runMatching}, without scoring. For engines that score elsewhere
 * (the SQL engines) and need the worker-pool engine's parameters.
 *
 * @example
 * const { models } = await trainModels(store, config, pool);
 * models.person; // FellegiSunterParameters JSON
 */
export async function trainModels(
  store: ColumnStore,
  config: Config,
  pool: WorkerPool,
): Promise<{ models: Record<string, unknown>; training: MatchRun['training'] }> {
  const { fields, specs, index } = await prepareAndBlock(store, config, pool);
  return trainMatchkeys(config, specs, index, fields.handles(), store.rowCount, pool);
}

/** The matched pairs (the links clustering joins on). */
export function matchedLinks(pairs: PairList): { a: Int32Array; b: Int32Array; score: Float64Array; count: number } {
  let n = 0;
  for (let i = 0; i < pairs.count; i++) if (pairs.flags[i] & 0x80) n++;
  const a = new Int32Array(n);
  const b = new Int32Array(n);
  const score = new Float64Array(n);
  let k = 0;
  for (let i = 0; i < pairs.count; i++) {
    if (pairs.flags[i] & 0x80) {
      a[k] = pairs.a[i];
      b[k] = pairs.b[i];
      score[k++] = pairs.score[i];
    }
  }
  return { a, b, score, count: n };
}

/**
 * What the caller's constraints are after the table changed: the steward
 * edits to replay (stale ones left out) and the rows whose constraints may
 * differ; undefined when no edit touches a changed row.
 */
export type ConstraintsAfter = (changedRows: readonly number[]) => { edits: Edit[]; seeds: number[] } | undefined;

/**
 * Changed live records per batch from which scoring goes to the worker
 * pool; smaller batches are scored on the main thread, where one record
 * costs tens of microseconds against a pool round trip of about a
 * millisecond (docs/incremental.md has the measurements).
 *
 * @example
 * await applyRecordChanges(live, ops, { pool, poolMinRows: POOL_MIN_CHANGED_ROWS });
 */
export const POOL_MIN_CHANGED_ROWS = 64;

/** Changed records per pool task at least: smaller slices cost more in hand-over than they save. */
const POOL_SLICE_MIN = 32;

/**
 * How {@link applyRecordChanges} runs.
 *
 * @example
 * const options: RecordChangeOptions = { pool, constraintsAfter, beforeApply: () => log.append(ops) };
 */
export interface RecordChangeOptions {
  /** The caller's constraints after the change (none: the clusters' own stay). */
  constraintsAfter?: ConstraintsAfter;
  /** The worker pool that scores large batches (none: everything on the calling thread). */
  pool?: WorkerPool | null;
  /** Batches with at least this many changed live records are scored on the pool (default {@link POOL_MIN_CHANGED_ROWS}). */
  poolMinRows?: number;
  /**
   * Called once the batch is scored, before anything changes: the server
   * commits the batch to its change log here (and waits for its fsync), so
   * the log's order is the order changes are applied in. A throw or a
   * rejection leaves everything as it was.
   */
  beforeApply?: () => void | Promise<void>;
}

/**
 * Applies record changes to a served run: the one incremental path, with
 * the initial run's phases in the same order over the changed rows only.
 * 1. data: the batch is planned against the living table (ids given for
 *    life), nothing changed yet;
 * 2. prepare: each changed live record becomes a prepared query (the
 *    configured transforms, as for /match);
 * 3. block: its candidates are the loaded rows of its blocks (whose values
 *    did not change) and the changed rows of its blocks, by current keys;
 * 4. score: each candidate pair by the run's scorer, smaller row id first,
 *    on the worker pool for batches of `poolMinRows` records or more;
 * 5. then `beforeApply` (awaited), and, synchronously, the table, block
 *    keys, pair graph and clusters take the batch: the changed rows' edges are
 *    replaced and the connected parts they touch (before and after)
 *    re-clustered by the same constrained clustering, under the
 *    constraints `constraintsAfter` gives.
 * Readers see the state before the batch until the promise's last step,
 * and the whole batch after it. Returns each op's row id and what the
 * clusters did.
 *
 * @example
 * const { rows, diff } = await applyRecordChanges(live, [{ kind: 'add', values: ['Ann Lee', '10001'] }], { pool });
 */
export async function applyRecordChanges(
  live: LiveMatching,
  ops: readonly RecordOp[],
  options: RecordChangeOptions = {},
): Promise<{ rows: number[]; diff: ClusterDiff }> {
  const { table, scorer, blocks, queries } = live;
  blocks.assertChangeable();
  const plan = planRecordChanges(live, ops);
  const scored = await scoreChangePlan(live, plan, options);

  await options.beforeApply?.();
  const rows = ops.map((op) => {
    if (op.kind === 'add') return table.add(op.values);
    if (op.kind === 'update') table.update(op.row, op.values);
    else table.delete(op.row);
    return op.row;
  });
  if (rows.some((r, i) => r !== plan.rows[i])) throw new KindredError('internal', `record changes took row ids ${rows.join(',')}, planned ${plan.rows.join(',')}`);
  const edges = new Map<number, Map<number, Edge>>();
  for (const row of plan.changed) {
    const query = plan.queries.get(row);
    if (query === undefined) {
      queries.delete(row);
      blocks.set(row, null);
      continue;
    }
    const record = table.record(row);
    queries.set(row, query);
    blocks.set(row, (ref) => scorer.transformValue(ref, record[ref.field] ?? null));
    edges.set(row, new Map());
  }
  for (const part of scored) {
    for (let i = 0; i < part.count; i++) {
      const edge = { score: part.score[i], flags: part.flags[i] };
      edges.get(part.a[i])?.set(part.b[i], edge);
      edges.get(part.b[i])?.set(part.a[i], edge);
    }
  }
  const changes: RowEdges[] = plan.changed.map((row) => {
    const mine = edges.get(row);
    live.graph.replaceRow(row, mine ?? new Map());
    if (mine === undefined) return { row, links: null };
    const links = new Map<number, Edge>();
    for (const [c, e] of mine) if (e.flags & 0x80) links.set(c, e);
    return { row, links };
  });
  const constraints = options.constraintsAfter?.(plan.changed);
  const diff = live.clusters.changeRows(table.rowCount, changes, constraints?.edits, constraints?.seeds);
  return { rows, diff };
}

/** Scores a planned batch: on the calling thread, or in slices on the pool for a large one; the same function either way. */
async function scoreChangePlan(live: LiveMatching, plan: ChangePlan, options: RecordChangeOptions): Promise<ChangedEdges[]> {
  const { table, queries } = live;
  const batchLoaded = new Set(plan.batchLoaded);
  const queryOf = (row: number): PreparedQuery | undefined => plan.queries.get(row) ?? queries.get(row);
  const link = live.run.config.link;
  const sourceColumn = link?.mode === 'link_only' ? table.names.indexOf(link.source_column) : -1;
  const sourceOf = (row: number): string | null => {
    const cells = plan.values.get(row);
    return cells !== undefined ? (cells?.[sourceColumn] ?? null) : table.values(row)[sourceColumn];
  };
  const pool = options.pool ?? null;
  if (pool === null || plan.items.length < (options.poolMinRows ?? POOL_MIN_CHANGED_ROWS)) {
    return [
      scoreChangeItems(plan.items, {
        scorer: live.scorer,
        index: live.run.index,
        excluded: (row) => table.isChanged(row) || batchLoaded.has(row),
        queryOf,
        sourceOf: sourceColumn < 0 ? null : sourceOf,
      }),
    ];
  }
  const slices = Math.max(1, Math.min(pool.size * 4, Math.floor(plan.items.length / POOL_SLICE_MIN)));
  const per = Math.ceil(plan.items.length / slices);
  const tasks: Promise<ChangedEdges>[] = [];
  for (let from = 0; from < plan.items.length; from += per) {
    const items = plan.items.slice(from, from + per);
    const read = new Set<number>();
    for (const item of items) {
      read.add(item.row);
      for (const c of item.extra) read.add(c);
    }
    tasks.push(
      pool.run('scoreChanges', {
        run: live.run.handle,
        changedMask: table.changedMask,
        batchLoaded: plan.batchLoaded,
        items,
        queries: new Map([...read].map((r) => [r, queryOf(r) as PreparedQuery])),
        sources: sourceColumn < 0 ? null : new Map([...read].map((r) => [r, sourceOf(r)])),
      }),
    );
  }
  return Promise.all(tasks);
}
