/** An edges file (what `kindred sql` makes a warehouse write) as the kept pairs of an in-memory run: read over the loaded rows, and checked against the configuration's own scorer before anything is served. */
import type { ColumnStore } from '../../data/column-store.js';
import type { FieldRef } from '../../config/types.js';
import { KindredError } from '../../errors/registry.js';
import type { PairList, PairSource, PairSourceContext } from '../run.js';
import { PairScorer } from '../scoring/pair-scorer.js';
import { openProbabilisticModels } from '../scoring/probabilistic-bridge.js';
import type { EdgeRecordIds } from './read-edges.js';

/**
 * How many edges are scored again to check the file against the
 * configuration: spread evenly over the file, so a wrong configuration, a
 * wrong id column or another table shows at once, at a cost of milliseconds.
 *
 * @example
 * Math.min(pairs.count, EDGE_CHECKS); // edges re-scored
 */
export const EDGE_CHECKS = 1000;

/** How far a file's score may be from kindred's (the parity bar of docs/scale-out.md). */
const SCORE_TOLERANCE = 1e-9;

/**
 * The ids an edges file names a loaded table's records by: row ids
 * (0, 1, … in data-row order, what the compiled DuckDB SQL numbers records
 * by without `--id`), or the values of an id column (`kindred sql --id`),
 * which every row must hold, each a different one.
 *
 * @throws KindredError `usage` for a column the table lacks; `csv_invalid` naming a row without an id or two rows with one.
 * @example
 * recordIds(store, 'customer_id', 'customers.csv').rowOf('C-0042'); // 41
 */
export function recordIds(store: ColumnStore, idColumn: string | null, file: string): EdgeRecordIds {
  const n = store.rowCount;
  if (idColumn === null) {
    return {
      rowOf: (id) => (/^(0|[1-9]\d*)$/.test(id) && Number(id) < n ? Number(id) : undefined),
      idOf: (row) => String(row),
      label: `row ids 0..${n - 1}, in ${file}'s row order (--id names an id column instead)`,
    };
  }
  const column = store.columnIndex(idColumn);
  if (column < 0) throw new KindredError('usage', `--id ${idColumn}: ${file} has no column "${idColumn}" (the columns are ${store.names.join(', ')})`);
  const byId = new Map<string, number>();
  for (let row = 0; row < n; row++) {
    const id = store.get(column, row);
    if (id === null) throw new KindredError('csv_invalid', `--id ${idColumn}: row ${row} (data row ${row + 1} of ${file}) has no id`);
    const other = byId.get(id);
    if (other !== undefined) throw new KindredError('csv_invalid', `--id ${idColumn}: id "${id}" is on row ${other} and on row ${row} of ${file}; an id must name one record`);
    byId.set(id, row);
  }
  return { rowOf: (id) => byId.get(id), idOf: (row) => store.get(column, row) as string, label: `the values of column ${idColumn}` };
}

/**
 * Scores up to {@link EDGE_CHECKS} edges again with the configuration's
 * scorer (the one `/match`, `/explain` and record changes use) and throws
 * at the first whose score (beyond 1e-9), deciding matchkey or matched flag
 * differs: served edges and served scores must be one run's.
 *
 * @throws KindredError `csv_invalid` naming the edge, both outcomes and the likely causes.
 * @example
 * checkEdgeScores(pairs, context, ids, 'edges.parquet'); // 1000 (edges checked)
 */
export function checkEdgeScores(pairs: PairList, context: PairSourceContext, ids: EdgeRecordIds, file: string): number {
  const { config, fields, handle } = context;
  const lookup = (ref: FieldRef) => fields.get(ref);
  const scorer = new PairScorer(config, lookup, openProbabilisticModels(config, handle.models, lookup));
  const checks = Math.min(pairs.count, EDGE_CHECKS);
  const name = (flags: number): string => config.matchkeys[flags & 0x7f].name;
  const outcome = (score: number, flags: number): string => `score ${score} (${flags & 0x80 ? 'matched' : 'not matched'}, matchkey ${name(flags)})`;
  for (let k = 0; k < checks; k++) {
    const i = Math.floor((k * pairs.count) / checks);
    const a = pairs.a[i];
    const b = pairs.b[i];
    scorer.scorePair(a, b);
    const mine = scorer.decider | (scorer.matched ? 0x80 : 0);
    if (Math.abs(scorer.score - pairs.score[i]) <= SCORE_TOLERANCE && mine === pairs.flags[i]) continue;
    const trained = config.matchkeys.some((m) => m.type === 'probabilistic')
      ? '; probabilistic matchkeys are trained on the served table, so compile with kindred sql --sample <the served file> for the same weights'
      : '';
    throw new KindredError(
      'csv_invalid',
      `${file}: the edge of ${ids.idOf(a)} and ${ids.idOf(b)} says ${outcome(pairs.score[i], pairs.flags[i])}, the configuration gives ${outcome(scorer.score, mine)}: ` +
        `the edges were not made by this configuration on this table (or their ids are not ${ids.label})${trained}; nothing is served`,
    );
  }
  return checks;
}

/**
 * A {@link PairSource} reading an edges file over the run's loaded rows
 * (`kindred serve --edges`): no pair is scored here but the checked ones.
 * Its phase is `edges`.
 *
 * @example
 * await runMatching(store, config, pool, { pairSource: edgesPairSource('edges.parquet', 'customer_id', 'customers.csv') });
 */
export function edgesPairSource(edgesFile: string, idColumn: string | null, tableFile: string): PairSource {
  return async (context) => {
    const t = performance.now();
    context.onProgress?.('edges', 0, 1);
    const ids = recordIds(context.store, idColumn, tableFile);
    // DuckDB reads the edges; its bindings load only when an edges file is served.
    const { readEdgesOverRows } = await import('./read-edges.js');
    const pairs = await readEdgesOverRows(edgesFile, ids, context.config.matchkeys.length);
    const checked = checkEdgeScores(pairs, context, ids, edgesFile);
    context.onProgress?.('edges', 1, 1);
    context.onPhase({ phase: 'edges', ms: performance.now() - t, detail: { from: edgesFile, kept_pairs: pairs.count, checked } });
    return { engine: 'edges', pairs, candidatePairs: null };
  };
}
