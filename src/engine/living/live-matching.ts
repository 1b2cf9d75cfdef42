/** The mutable state record changes work on: the living table, the scorer and block keys of changed rows, the living pair graphs and the clusters. */
import { LivingTable } from '../../data/living-table.js';
import { LivingBlocks } from '../blocking/living-blocks.js';
import type { ClusterState } from '../clustering/cluster-state.js';
import type { LivingGraph } from '../clustering/living-graph.js';
import type { MatchRun } from '../run.js';
import type { PairScorer } from '../scoring/pair-scorer.js';
import { PreparedRows } from './prepared-rows.js';

/**
 * Everything {@link applyRecordChanges} (src/engine/run.ts) reads and
 * changes. The run's arrays (prepared fields, block index, kept pairs) are
 * never rewritten: changed rows are read from the table's overlay, their
 * block keys from `blocks`, their pairs from the graphs' overlays.
 *
 * @example
 * const live: LiveMatching = { run, table, scorer, blocks, graph, clusters, queries: new PreparedRows(scorer.queryKeys(), table.pool) };
 */
export interface LiveMatching {
  run: MatchRun;
  table: LivingTable;
  scorer: PairScorer;
  blocks: LivingBlocks;
  /** Every kept pair (the review band's too). */
  graph: LivingGraph;
  clusters: ClusterState;
  /** The prepared query of each changed live row (what its row's prepared ids would hold). */
  queries: PreparedRows;
}

/**
 * One record change, validated. `add` takes the next row id.
 *
 * @example
 * const ops: RecordOp[] = [{ kind: 'add', values: ['Ann', '10001'] }, { kind: 'delete', row: 3 }];
 */
export type RecordOp =
  | { kind: 'add'; values: ReadonlyArray<string | null> }
  | { kind: 'update'; row: number; values: ReadonlyArray<string | null> }
  | { kind: 'delete'; row: number };

/**
 * The living state of a served run, before any change: the loaded table,
 * no changed rows, the run's graphs as they are.
 *
 * @example
 * const live = openLiveMatching(run, scorer, new LivingGraph(PairGraph.fromPairs(n, run.pairs)), clusters);
 */
export function openLiveMatching(run: MatchRun, scorer: PairScorer, graph: LivingGraph, clusters: ClusterState): LiveMatching {
  const table = new LivingTable(run.store);
  return { run, table, scorer, blocks: new LivingBlocks(run.index, table.pool), graph, clusters, queries: new PreparedRows(scorer.queryKeys(), table.pool) };
}
