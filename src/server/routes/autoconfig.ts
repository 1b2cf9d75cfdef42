/** POST /autoconfig: runs the auto-configuration controller on the pool, saves its telemetry, and optionally re-runs matching with the committed configuration. */
import type { Hono } from 'hono';
import * as v from 'valibot';
import { runControllerInThread } from '../../autoconfig/controller-thread.js';
import { configToInputForm } from '../../config/index.js';
import type { Config } from '../../config/types.js';
import { ColumnStore } from '../../data/column-store.js';
import { runMatching } from '../../engine/run.js';
import { KindredError } from '../../errors/registry.js';
import type { ServerEnv } from '../middleware/chain/index.js';
import { safeJson } from '../http-errors.js';
import { replayHistory } from '../record-changes.js';
import { recordEvents } from '../change-feed.js';
import { mappingDiff } from '../../engine/clustering/mapping-diff.js';
import { MatchResults } from '../match-results.js';
import { parseRequest, RecordSchema, toCells } from '../request-schemas.js';
import type { ServerState } from '../server-state.js';

const AutoconfigSchema = v.strictObject({
  records: v.optional(v.pipe(v.array(RecordSchema, 'expected an array of records'), v.minLength(2, 'needs at least 2 records'))),
  exclude_columns: v.optional(v.array(v.string('expected a column name'), 'expected an array of column names')),
  apply: v.optional(v.boolean('expected true or false')),
});

/** A table from request records: columns in order of first appearance, missing keys are missing cells. */
function storeFromRecords(records: ReadonlyArray<Record<string, string | number | boolean | null>>): ColumnStore {
  const names: string[] = [];
  for (const r of records) for (const k of Object.keys(r)) if (!names.includes(k)) names.push(k);
  const rows = records.map((r) => {
    const cells = toCells(r);
    return names.map((n) => cells[n] ?? null);
  });
  return ColumnStore.fromRows(names, rows);
}

/**
 * Registers `POST /autoconfig`. One run at a time (`409 busy`); the matching
 * runs on the worker pool so `/health` keeps answering. With `apply: true`
 * the loaded data is re-matched in the background and `state.results` is
 * swapped in one assignment when that finishes.
 *
 * @example
 * registerAutoconfig(app, state);
 */
export function registerAutoconfig(app: Hono<ServerEnv>, state: ServerState): void {
  app.post('/autoconfig', async (c) => {
    const raw: unknown = c.var.body ?? null;
    const body = parseRequest(AutoconfigSchema, raw === null ? {} : raw);
    if (body.apply === true && body.records !== undefined) {
      throw new KindredError('invalid_request', 'apply: true works on the loaded data only; leave out records', [
        { path: 'apply', message: 'not allowed together with records' },
      ]);
    }
    // Checked before any work: a re-run is a pool run of the controller's configuration, which would silently replace the engine's.
    if (body.apply === true && state.current.run.engine !== 'pool') {
      const engine = state.current.run.engine;
      throw new KindredError(
        'conflict',
        `apply: true re-runs matching on the worker pool, but this server serves ${engine === 'edges' ? 'the edges of a SQL engine (--edges)' : `a run of --engine ${engine}`} for its --config; ` +
          'leave out apply to get the configuration, then restart with it as --config',
        [{ path: 'apply', message: `not available when serving --engine ${engine === 'edges' ? 'edges (--edges)' : engine}` }],
      );
    }
    if (state.autoconfigRunning) throw new KindredError('busy', 'an autoconfig run is already in progress');
    state.autoconfigRunning = true;
    let released = false;
    try {
      const loaded = state.current;
      const store = body.records !== undefined ? storeFromRecords(body.records) : loaded.run.store;
      const exclude = body.exclude_columns ?? (body.records !== undefined ? [] : loaded.run.config.exclude_columns);
      // The loaded table of two linked files: the same anchors as the startup run, and the alignment in the telemetry.
      const linked = body.records === undefined ? state.linked : null;
      const { config, telemetry } = await runControllerInThread(store, state.pool, { source: 'rest_autoconfig', exclude, anchors: linked?.anchors ?? null });
      if (linked !== null) telemetry.column_alignment = linked.alignment;
      state.db?.saveTelemetry('rest_autoconfig', JSON.stringify(telemetry));
      if (body.apply === true) {
        released = true;
        void applyInBackground(state, loaded.run.store, config);
      }
      return safeJson(c, { config: configToInputForm(config), telemetry });
    } finally {
      if (!released) state.autoconfigRunning = false;
    }
  });
}

/**
 * Re-runs matching with the committed configuration on the loaded file and
 * replays the stored edits and record changes; the old results serve until
 * the new ones replace them whole. What the new configuration did to the
 * clusters goes on the change feed (`rerun` events) before the swap.
 */
async function applyInBackground(state: ServerState, store: ColumnStore, config: Config): Promise<void> {
  try {
    const run = await runMatching(store, config, state.pool);
    const results = await MatchResults.create(run, state.pool);
    // Stewards' decisions and record changes outlive a configuration change: replay every stored one (those made while
    // this ran too) and swap before the next change, so no acknowledged change can fall between the two.
    // In the write queue: no change or edit is made between the replay and the swap.
    await state.writes.run(async () => {
      const db = state.store;
      const stale = await replayHistory(results, db, state.pool, (line) => process.stderr.write(`kindred: ${line}\n`), null);
      recordEvents(db, state.feed, { kind: 'rerun' }, mappingDiff(state.current.clusters.clusterIds(), results.clusters.clusterIds()));
      state.staleSeqs = stale;
      state.results = results;
    });
  } catch (e) {
    process.stderr.write(`kindred: autoconfig apply failed: ${e instanceof Error ? e.message : String(e)}\n`);
  } finally {
    state.autoconfigRunning = false;
  }
}
