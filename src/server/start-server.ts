/** `kindred serve` at run time: bind first, then load and match on the worker pool, re-apply stored edits, go ready; shut down gracefully. */
import { KindredError } from '../errors/registry.js';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Config } from '../config/types.js';
import { checkConfigColumns } from '../config/index.js';
import { loadTables } from '../data/load-tables.js';
import { alignmentLine } from '../cli/load-inputs.js';
import { runServedEngine, type ServedEngine } from '../engine/engines.js';
import { WorkerPool } from '../engine/worker-pool.js';
import { datasetStateLine, openDatasetState } from '../store/dataset-state.js';
import { fingerprintFile } from '../store/fingerprint.js';
import { answerMalformedRequest } from './malformed-request.js';
import { createApp, type AppOptions } from './app.js';
import { replayHistory } from './record-changes.js';
import { reconcileFeed } from './change-feed.js';
import { RecordKeys } from './record-keys.js';
import { joinedColumns, retrievalIndexOf } from './analysis/retrieval.js';
import { MatchResults } from './match-results.js';
import { ServerState } from './server-state.js';
import type { Progress } from '../cli/progress.js';
import { zeroConfig } from '../cli/zero-config.js';
import { TELEMETRY_SOURCES } from '../autoconfig/telemetry-schema.js';

const STARTUP_SOURCE = TELEMETRY_SOURCES.startup;

/**
 * How much lower the pool threads' CPU priority is than the event loop's
 * (Linux niceness). With both cores busy matching, an equal share would
 * leave `/health` and the other endpoints waiting for the CPU behind the
 * hot loops; this way the event loop runs as soon as a request arrives, and
 * the hot loops take every cycle it leaves.
 *
 * @example
 * new WorkerPool({ workers, niceness: POOL_NICENESS });
 */
export const POOL_NICENESS = 10;

/** Everything `kindred serve` was asked for, validated. */
export interface ServeOptions {
  file: string;
  /** A second file to link with the first (columns aligned; docs/api.md), or null. */
  secondFile?: string | null;
  config: Config | null;
  configLabel: string | null;
  host: string;
  port: number;
  stateDir: string;
  workers: number | undefined;
  lenient: boolean;
  exclude: string[];
  /** `--key-column`: the user's primary key column (PUT /records/by-key/<key>), or null. */
  keyColumn?: string | null;
  /**
   * Where the initial run's kept pairs come from (default: the worker pool).
   * `duckdb` and `edges` need a configuration and one file (the CLI checks).
   */
  engine?: ServedEngine;
  app: Omit<AppOptions, 'log'>;
}

/** A running server, for tests and the CLI. */
export interface RunningServer {
  state: ServerState;
  url: string;
  port: number;
  /** Resolves when the initial run has finished (or failed). */
  ready: Promise<void>;
  /** Stops accepting, finishes requests in flight (≤ 10 s), closes the pool and the database. */
  close(): Promise<void>;
}

/**
 * Binds the port at once (so `/health` answers `initializing` during the
 * run), then loads the data and runs matching in worker threads.
 *
 * @example
 * const server = await startServer(options, progress);
 * await server.ready;
 */
export async function startServer(options: ServeOptions, progress: Progress): Promise<RunningServer> {
  const pool = new WorkerPool({ workers: options.workers, niceness: POOL_NICENESS });
  const state = new ServerState(pool);
  const log = (line: string): void => progress.log(line);
  const app = createApp(state, { ...options.app, log });
  const server: ServerType = await new Promise((resolve, reject) => {
    // requireHostHeader off: a request without Host must reach our JSON 403, not Node's bare 400.
    const s = serve(
      { fetch: app.fetch, hostname: options.host, port: options.port, serverOptions: { requireHostHeader: false } },
      () => resolve(s),
    );
    s.once('error', reject);
  });
  server.on('clientError', answerMalformedRequest);
  const port = (server.address() as AddressInfo).port;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${shownHost}:${port}`;
  process.stderr.write(`listening on ${url}\n`);

  // Aborted by close(): a shutdown during start-up cancels the initial run instead of waiting for it to finish.
  const stopping = new AbortController();
  const ready = initialRun(state, options, progress, stopping.signal).catch((e: unknown) => {
    state.status = 'failed';
    if (stopping.signal.aborted) {
      state.error = 'shut down before the initial run finished';
      log('initial run cancelled: shutting down');
      return;
    }
    // With the key paths of a structured error: "invalid configuration" alone would not say which field.
    state.error = e instanceof KindredError ? e.toText().replace(/\n\s*/g, '; ') : e instanceof Error ? e.message : String(e);
    log(`initial run failed: ${state.error}`);
  });

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    if (closing) return closing;
    closing = (async () => {
      // Open event streams never finish by themselves: end them so the close does not wait for its timeout.
      state.feed.end();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          resolve();
        }, 10_000);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
      });
      if (state.status === 'initializing') stopping.abort();
      await ready;
      await pool.close();
      state.db?.close();
      state.db = null;
    })();
    return closing;
  };
  return { state, url, port, ready, close };
}

async function initialRun(state: ServerState, options: ServeOptions, progress: Progress, signal: AbortSignal): Promise<void> {
  const t = performance.now();
  const files = options.secondFile ? [options.file, options.secondFile] : [options.file];
  const ingest = await loadTables(files, state.pool, {
    lenient: options.lenient,
    fingerprint: true,
    columns: options.config?.columns,
    configLabel: options.configLabel ?? undefined,
    exclude: options.config?.exclude_columns,
    excludeFlag: options.exclude,
    onProgress: (done, total) => progress.tick('load', done, total),
  });
  signal.throwIfAborted();
  progress.phase({ phase: 'load', ms: performance.now() - t, detail: { rows: ingest.store.rowCount, columns: ingest.store.names.length } });
  if (ingest.alignment !== null) progress.log(alignmentLine(ingest.alignment));
  if (ingest.alignment !== null && ingest.anchors !== null) state.linked = { alignment: ingest.alignment, anchors: ingest.anchors };
  let config: Config;
  let telemetry: string | null = null;
  if (options.config !== null) {
    checkConfigColumns(options.config, ingest.knownColumns, options.configLabel ?? 'config', ingest.file);
    // Two files are linked across them unless the configuration says otherwise.
    const link = options.config.link ?? (ingest.sourceColumn !== null ? { source_column: ingest.sourceColumn, mode: 'link_only' as const } : null);
    config = { ...options.config, exclude_columns: [...new Set([...options.config.exclude_columns, ...options.exclude])], link };
  } else {
    // Zero-config serving: the controller chooses the configuration on the pool. Its telemetry is kept apart from
    // POST /autoconfig's (GET /controller/telemetry?run=startup), which the contract's slot is reserved for.
    const controlled = await zeroConfig(ingest.store, state.pool, { source: STARTUP_SOURCE, exclude: options.exclude, signal, alignment: ingest.alignment, anchors: ingest.anchors }, progress);
    config = controlled.config;
    telemetry = JSON.stringify(controlled.telemetry);
  }
  const fingerprint = ingest.fingerprint;
  if (fingerprint === null) throw new KindredError('internal', 'the loaded data has no fingerprint');
  state.source = {
    id: fingerprint,
    name: files.map((f) => path.basename(f)).join(' + '),
    path: ingest.file,
    records: ingest.store.rowCount,
    columns: ingest.store.names,
    loaded_at: new Date().toISOString(),
  };
  const opened = openDatasetState(options.stateDir, ingest.identityPath, fingerprint);
  state.db = opened.db;
  const carried = datasetStateLine(opened, ingest.file);
  if (carried !== null) progress.log(carried);
  if (telemetry !== null) state.db.saveTelemetry(STARTUP_SOURCE, telemetry);
  // The /retrieve index of the matching columns needs only the table: its build
  // (one long worker task) runs alongside matching and keeps a core busy while
  // phases with less parallel work run.
  const retrieval = retrievalIndexOf(ingest.store, joinedColumns(ingest.store.names, config.exclude_columns), state.pool);
  // Awaited below; until then a failed build must not count as an unhandled rejection.
  retrieval.catch(() => undefined);
  const run = await runServedEngine(ingest.store, config, state.pool, servedEngine(options.engine, fingerprint), {
    onPhase: progress.phase,
    onProgress: progress.tick,
    signal,
    configLabel: options.configLabel ?? undefined,
  });
  const results = await MatchResults.create(run, state.pool);
  signal.throwIfAborted();
  // The steps from here to ready are each tens of milliseconds on the event loop at a million rows (the results'
  // indexes, the feed's snapshot in SQLite): each gets a turn of its own (awaiting a settled promise would not yield to
  // I/O), so /health is answered between them.
  await nextTurn();
  state.staleSeqs = await replayHistory(results, state.db, state.pool, (line) => progress.log(line), state.feed);
  await nextTurn();
  // Settings other than the last start's (a configuration file, or a POST /autoconfig apply that a restart undoes) give other clusters: the feed says so.
  const rerun = reconcileFeed(state.db, state.feed, results.clusters.clusterIds());
  if (rerun.length > 0) progress.log(`the clusters differ from those the change feed last described (other settings): ${rerun.length} event(s) published`);
  // Built from the table as replay left it: a duplicate key, from the file or from changes made while the server ran without the option, is named here.
  if (options.keyColumn) state.keys = RecordKeys.build(results.live.table, results.columns, options.keyColumn, ingest.file);
  await retrieval;
  state.results = results;
  state.status = 'ok';
  progress.log(`ready: ${ingest.store.rowCount} records, ${results.clusters.stats().total_clusters} clusters`);
}

/** The engine asked for; DuckDB, which reads the file again, checks it still holds the bytes that were loaded. */
function servedEngine(engine: ServedEngine | undefined, loaded: string): ServedEngine {
  if (engine === undefined) return { engine: 'pool' };
  if (engine.engine !== 'duckdb') return engine;
  return { ...engine, sameFile: async () => (await fingerprintFile(engine.file)) === loaded };
}
