/** Worker task: scores one planned range of candidate pairs against the shared columns and returns the kept pairs as transferable typed arrays. */
import type { Config } from '../../config/types.js';
import { FieldDictionary, fieldKey, type FieldHandle } from '../fields/field-dictionary.js';
import { PairScorer, type PreparedQuery, type ProbabilisticScoring } from './pair-scorer.js';
import type { PairTask } from './pair-plan.js';
import { openProbabilisticModels } from './probabilistic-bridge.js';
import { matchRecord } from '../matching/match-records.js';
import type { PassHandle } from '../blocking/block-pass.js';
import { BlockIndex, type PassSpec } from '../blocking/block-index.js';
import { coBlockedReach, type PairLayout } from '../blocking/pair-layout.js';

/** The shareable description of one matching run, sent with every task (buffers are shared, not copied). */
export interface RunHandle {
  runId: string;
  config: Config;
  fields: FieldHandle[];
  passes: PassHandle[];
  /** What each pass blocks on (same order as `passes`). */
  passSpecs: PassSpec[];
  /** Trained probabilistic models by matchkey name (plain JSON). */
  models: Record<string, unknown>;
}

/** Kept pairs of one task; `flags` = deciding matchkey index (bits 0–6) | matched (bit 7). */
export interface ScoredPairs {
  a: Int32Array;
  b: Int32Array;
  score: Float64Array;
  flags: Uint8Array;
  count: number;
  /** Candidate pairs actually scored (after cross-pass de-duplication and link filtering). */
  scored: number;
}

interface OpenRun {
  scorer: PairScorer;
  index: BlockIndex;
  orders: Int32Array[];
  layouts: PairLayout[];
  blockOf: Int32Array[];
  /** Per pass: how far apart two rows' `blockOf` may be for the pass to hold their pair (0: same block). */
  reach: Int32Array;
  source: Int32Array | null;
  /** The link source column's raw values (null without a link). */
  sourceDict: FieldDictionary | null;
  linkOnly: boolean;
}

// Scorers cache per-value work (soundex codes, tokens, tf-idf vectors), so a
// worker keeps the compiled run between tasks of the same run.
const openRuns = new Map<string, OpenRun>();

/** Opens (or reuses) the compiled form of a run inside this worker. */
export function openRun(run: RunHandle): OpenRun {
  let open = openRuns.get(run.runId);
  if (open) return open;
  if (openRuns.size >= 2) openRuns.delete(openRuns.keys().next().value as string);
  const dicts = new Map(run.fields.map((h) => [h.key, new FieldDictionary(h)]));
  const lookup = (ref: { field: string; transforms: string[] }): FieldDictionary => {
    const d = dicts.get(fieldKey(ref.field, ref.transforms));
    if (!d) throw new Error(`field ${fieldKey(ref.field, ref.transforms)} is not prepared`);
    return d;
  };
  const models: Map<string, ProbabilisticScoring> = openProbabilisticModels(run.config, run.models, lookup);
  const link = run.config.link;
  const sourceDict = link ? lookup({ field: link.source_column, transforms: [] }) : null;
  const index = BlockIndex.fromHandles(run.passSpecs, run.passes, lookup);
  open = {
    scorer: new PairScorer(run.config, lookup, models),
    index,
    orders: index.passes.map((p) => p.order),
    layouts: index.passes.map((p) => p.layout),
    blockOf: index.passes.map((p) => p.blockOf),
    reach: Int32Array.from(run.passSpecs.map((sp) => coBlockedReach(sp.window))),
    source: sourceDict === null ? null : sourceDict.ids,
    sourceDict,
    linkOnly: link?.mode === 'link_only',
  };
  openRuns.set(run.runId, open);
  return open;
}

class PairBuffer {
  a = new Int32Array(1024);
  b = new Int32Array(1024);
  score = new Float64Array(1024);
  flags = new Uint8Array(1024);
  count = 0;
  push(x: number, y: number, s: number, f: number): void {
    if (this.count === this.a.length) this.grow();
    const i = this.count++;
    this.a[i] = x;
    this.b[i] = y;
    this.score[i] = s;
    this.flags[i] = f;
  }
  private grow(): void {
    const n = this.a.length * 2;
    const a = new Int32Array(n);
    a.set(this.a);
    const b = new Int32Array(n);
    b.set(this.b);
    const s = new Float64Array(n);
    s.set(this.score);
    const f = new Uint8Array(n);
    f.set(this.flags);
    this.a = a;
    this.b = b;
    this.score = s;
    this.flags = f;
  }
}

/**
 * Scores the pairs of one task. A pair an earlier pass also holds (same
 * block, or within that pass's window) is skipped here (that pass scores
 * it), so the union of passes scores each pair once without a global set of
 * seen pairs. Pairs are scored and returned as (smaller row, larger row).
 *
 * @example
 * const out = scorePairs({ run, task }); // in a worker
 */
export function scorePairs(input: { run: RunHandle; task: PairTask }): ScoredPairs {
  const run = openRun(input.run);
  const { task } = input;
  const p = task.pass;
  const reach = run.reach;
  const out = new PairBuffer();
  const blocks: PassBlocks = {
    order: run.orders[p],
    starts: run.layouts[p].starts,
    span: run.layouts[p].span,
    earlier: run.blockOf.slice(0, p),
    reach,
    // Only a sorted-neighbourhood pass holds pairs from different blocks; block-only runs keep the bare equality test.
    windowed: reach.subarray(0, p).some((r) => r > 0),
  };
  const scored = scoreTaskPairs(task, blocks, run.scorer, run.source, run.linkOnly, out);
  const n = out.count;
  return {
    a: out.a.slice(0, n),
    b: out.b.slice(0, n),
    score: out.score.slice(0, n),
    flags: out.flags.slice(0, n),
    count: n,
    scored,
  };
}

/** What the pair loop reads of one pass: its rows in block order, its block starts and span, and every earlier pass's block of each row. */
interface PassBlocks {
  order: Int32Array;
  starts: Int32Array;
  span: number;
  earlier: Int32Array[];
  reach: Int32Array;
  windowed: boolean;
}

/**
 * The pair loop of {@link scorePairs}, on its own so that nothing follows
 * the loop but the count it returns: V8 optimises it by on-stack
 * replacement in a worker's first task, and code after the loop that had
 * never run (the result's properties) sent that code back to the
 * interpreter at the end of each of the next tasks, which then compiled the
 * whole task again (four compiles per worker at tight 1M, now three).
 */
function scoreTaskPairs(task: PairTask, blocks: PassBlocks, scorer: OpenRun['scorer'], source: OpenRun['source'], linkOnly: boolean, out: PairBuffer): number {
  const { order, starts, span, earlier, reach, windowed } = blocks;
  // Read before the loop: a property first read in the task's last block had no feedback in the loop's optimised code.
  const { fromBlock, toBlock, fromOuter, toOuter } = task;
  const nEarlier = earlier.length;
  let scored = 0;
  for (let blk = fromBlock; blk <= toBlock; blk++) {
    const s0 = starts[blk];
    const size = starts[blk + 1] - s0;
    if (size < 2) continue;
    const iFrom = blk === fromBlock ? fromOuter : 0;
    const iTo = blk === toBlock ? toOuter : size - 1;
    for (let i = iFrom; i < iTo; i++) {
      const x = order[s0 + i];
      const jEnd = size - i - 1 > span ? i + 1 + span : size;
      for (let j = i + 1; j < jEnd; j++) {
        const y = order[s0 + j];
        if (source !== null && linkOnly && source[x] === source[y]) continue;
        let seen = false;
        for (let q = 0; q < nEarlier; q++) {
          const bx = earlier[q][x];
          if (bx < 0) continue;
          const by = earlier[q][y];
          // Same block, or both in a window pass and fewer than `window` positions apart.
          if (bx === by || (windowed && by >= 0 && (bx > by ? bx - by : by - bx) <= reach[q])) {
            seen = true;
            break;
          }
        }
        if (seen) continue;
        scored++;
        // Block passes list rows ascending; a sorted order need not.
        const lo = x < y ? x : y;
        const hi = x < y ? y : x;
        if (scorer.scoreRows(lo, hi)) out.push(lo, hi, scorer.score, scorer.decider | (scorer.matched ? 0x80 : 0));
      }
    }
  }
  return scored;
}

/**
 * One slice of `/match/batch` for a worker.
 *
 * @example
 * const input: MatchBatchInput = { run: run.handle, records: [{ surname: 'Lee' }], topK: 5 };
 */
export interface MatchBatchInput {
  run: RunHandle;
  records: Array<Record<string, string | null>>;
  topK: number;
  /** After record changes: the living table's mask of changed loaded rows (shared), each record's changed rows sharing a block with it, and their prepared queries. */
  changes?: { changedMask: Uint8Array; rowsOf: Int32Array[]; queries: Map<number, PreparedQuery> };
}

/**
 * Worker task for `/match/batch`: matches each record through the run's
 * blocking index with the run's scorer, in input order; after record
 * changes, against the table as it is (see `ChangedCandidates`).
 *
 * @example
 * const results = await pool.run('matchBatch', { run: handle, records, topK: 5 });
 */
export function matchBatch(input: MatchBatchInput): Array<Array<{ row: number; score: number }>> {
  const run = openRun(input.run);
  // The worker may have opened this run to score it, before it was served with key tables.
  run.index.adoptKeyTables(input.run.passes);
  const changes = input.changes;
  if (changes === undefined) return input.records.map((r) => matchRecord(r, run.scorer, run.index, input.topK));
  const mask = changes.changedMask;
  return input.records.map((r, i) =>
    matchRecord(r, run.scorer, run.index, input.topK, { excluded: (row) => mask[row] === 1, rows: changes.rowsOf[i], queryOf: (row) => changes.queries.get(row) }),
  );
}
