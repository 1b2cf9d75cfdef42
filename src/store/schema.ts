/** The state database schema and its migrations, in one place; `PRAGMA user_version` records how far a file has been migrated. */
import type Database from 'better-sqlite3';
import { KindredError } from '../errors/registry.js';

/** One forward-only schema step. `version` is the `user_version` a file has once the step is applied. */
export interface Migration {
  version: number;
  description: string;
  sql: string;
}

/** The telemetry object of API.md 5.1 when no autoconfig has run yet, byte for byte. */
export const TELEMETRY_UNAVAILABLE_JSON = '{"available":false,"source":null}';

/**
 * Every migration, oldest first. Never edit a shipped step: append a new one,
 * because files in the field are already at the older versions.
 *
 * @example
 * MIGRATIONS.at(-1)?.version === SCHEMA_VERSION; // true
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'edit log, telemetry, meta and the latest_autoconfig_telemetry view',
    sql: `
      -- The append-only history of every steward action, re-applied in seq order
      -- after each initial run. Columns not used by a kind are NULL; the CHECKs
      -- keep each kind's required columns present so replay never meets half a row.
      CREATE TABLE edits (
        seq             INTEGER PRIMARY KEY,
        kind            TEXT NOT NULL CHECK (kind IN ('decision', 'withdraw', 'shatter', 'unmerge')),
        pair_id         TEXT,
        id_a            INTEGER,
        id_b            INTEGER,
        decision        TEXT CHECK (decision IN ('approve', 'reject')),
        score           REAL,
        reviewer        TEXT,
        note            TEXT,
        withdraws_seq   INTEGER REFERENCES edits(seq),
        row_id          INTEGER,
        cluster_id      INTEGER,
        cluster_members TEXT CHECK (cluster_members IS NULL OR (json_valid(cluster_members) AND json_type(cluster_members) = 'array')),
        fp_a            TEXT,
        fp_b            TEXT,
        fp              TEXT,
        fingerprints    TEXT CHECK (fingerprints IS NULL OR (json_valid(fingerprints) AND json_type(fingerprints) = 'object')),
        created_at      TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'),
        CHECK (pair_id IS NULL OR (id_a IS NOT NULL AND id_b IS NOT NULL AND id_a >= 0 AND id_a < id_b
                                   AND pair_id = id_a || '-' || id_b)),
        CHECK (kind <> 'decision' OR (pair_id IS NOT NULL AND decision IS NOT NULL
                                      AND fp_a IS NOT NULL AND fp_b IS NOT NULL)),
        CHECK (kind <> 'withdraw' OR (pair_id IS NOT NULL AND withdraws_seq IS NOT NULL AND decision IS NULL)),
        CHECK (kind <> 'shatter'  OR (cluster_id IS NOT NULL AND cluster_members IS NOT NULL AND fingerprints IS NOT NULL)),
        CHECK (kind <> 'unmerge'  OR (row_id IS NOT NULL AND row_id >= 0 AND fp IS NOT NULL))
      );

      -- "Which decision is in force on this pair" looks for later edits on the same pair.
      CREATE INDEX edits_by_pair ON edits (pair_id, seq) WHERE pair_id IS NOT NULL;

      -- History is evidence: refuse to rewrite it, whoever connects.
      CREATE TRIGGER edits_no_update BEFORE UPDATE ON edits
        BEGIN SELECT RAISE(ABORT, 'edits is append-only'); END;
      CREATE TRIGGER edits_no_delete BEFORE DELETE ON edits
        BEGIN SELECT RAISE(ABORT, 'edits is append-only'); END;

      CREATE TABLE telemetry (
        id          INTEGER PRIMARY KEY,
        source      TEXT NOT NULL,
        json        TEXT NOT NULL CHECK (json_valid(json) AND json_type(json) = 'object'),
        recorded_at TEXT NOT NULL
      );

      CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) WITHOUT ROWID;

      -- Plain SQL only (no kindred functions), so the sqlite3 CLI or any other
      -- client can read it. Always one row: the latest telemetry, or the
      -- "not available" object of API.md 5.1 before any autoconfig has run.
      CREATE VIEW latest_autoconfig_telemetry (telemetry, source, recorded_at, available) AS
        SELECT json, source, recorded_at, 1
          FROM (SELECT json, source, recorded_at FROM telemetry ORDER BY id DESC LIMIT 1)
        UNION ALL
        SELECT '${TELEMETRY_UNAVAILABLE_JSON}', NULL, NULL, 0
         WHERE NOT EXISTS (SELECT 1 FROM telemetry);
    `,
  },
  {
    version: 2,
    description: 'latest_autoconfig_telemetry reads only POST /autoconfig runs; autoconfig_telemetry_history lists every kept run',
    sql: `
      -- API.md: the latest telemetry is that of the most recent POST /autoconfig. A server's
      -- start-up run, the CLI and SQL save under their own sources and never take its place.
      DROP VIEW latest_autoconfig_telemetry;
      CREATE VIEW latest_autoconfig_telemetry (telemetry, source, recorded_at, available) AS
        SELECT json, source, recorded_at, 1
          FROM (SELECT json, source, recorded_at FROM telemetry WHERE source = 'rest_autoconfig' ORDER BY id DESC LIMIT 1)
        UNION ALL
        SELECT '${TELEMETRY_UNAVAILABLE_JSON}', NULL, NULL, 0
         WHERE NOT EXISTS (SELECT 1 FROM telemetry WHERE source = 'rest_autoconfig');
      CREATE VIEW autoconfig_telemetry_history (telemetry, source, recorded_at) AS
        SELECT json, source, recorded_at FROM telemetry ORDER BY id DESC;
      CREATE INDEX telemetry_by_source ON telemetry (source, id);
    `,
  },
  {
    version: 3,
    description: 'living data: the record change log and the cluster event feed',
    sql: `
      -- Every acknowledged record change, in the order applied. The loaded file plus
      -- this log (replayed in seq order, interleaved with the edits by after_edit)
      -- give the table, the clusters and their ids as they were. A batch is one request.
      CREATE TABLE record_changes (
        seq        INTEGER PRIMARY KEY,
        batch      INTEGER NOT NULL CHECK (batch >= 1),
        op         TEXT NOT NULL CHECK (op IN ('add', 'update', 'delete')),
        row_id     INTEGER NOT NULL CHECK (row_id >= 0),
        record     TEXT CHECK (record IS NULL OR (json_valid(record) AND json_type(record) = 'array')),
        -- The last edits.seq when the change was made: edits up to it were applied first.
        after_edit INTEGER NOT NULL CHECK (after_edit >= 0),
        created_at TEXT NOT NULL,
        CHECK ((op = 'delete') = (record IS NULL))
      );
      CREATE INDEX record_changes_by_batch ON record_changes (batch, seq);
      CREATE TRIGGER record_changes_no_update BEFORE UPDATE ON record_changes
        BEGIN SELECT RAISE(ABORT, 'record_changes is append-only'); END;
      CREATE TRIGGER record_changes_no_delete BEFORE DELETE ON record_changes
        BEGIN SELECT RAISE(ABORT, 'record_changes is append-only'); END;

      -- The change feed (GET /events): one row per cluster change, seq is the event's sequence number.
      CREATE TABLE events (
        seq        INTEGER PRIMARY KEY,
        batch      INTEGER NOT NULL CHECK (batch >= 1),
        type       TEXT NOT NULL CHECK (type IN ('cluster_created', 'cluster_merged', 'cluster_split', 'record_moved', 'record_deleted')),
        data       TEXT NOT NULL CHECK (json_valid(data) AND json_type(data) = 'object'),
        created_at TEXT NOT NULL
      );
      CREATE INDEX events_by_batch ON events (batch);
      CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'events is append-only'); END;
      CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'events is append-only'); END;
    `,
  },
  {
    version: 4,
    description: 'the change feed covers every cluster change: events of steward edits and re-runs, and a snapshot of the row → cluster table the feed implies',
    sql: `
      -- An event's cause: a record change batch (batch), a steward edit (edit_seq), or
      -- neither: a re-run under another configuration (POST /autoconfig apply, or a
      -- restart with other settings). SQLite cannot relax a column's constraints in
      -- place, so the table is copied; seq values (the feed's ids) are kept.
      CREATE TABLE events_v4 (
        seq        INTEGER PRIMARY KEY,
        batch      INTEGER CHECK (batch IS NULL OR batch >= 1),
        edit_seq   INTEGER CHECK (edit_seq IS NULL OR edit_seq >= 1),
        type       TEXT NOT NULL CHECK (type IN ('cluster_created', 'cluster_merged', 'cluster_split', 'record_moved', 'record_deleted')),
        data       TEXT NOT NULL CHECK (json_valid(data) AND json_type(data) = 'object'),
        created_at TEXT NOT NULL,
        CHECK (batch IS NULL OR edit_seq IS NULL)
      );
      INSERT INTO events_v4 (seq, batch, type, data, created_at) SELECT seq, batch, type, data, created_at FROM events;
      DROP TABLE events;
      ALTER TABLE events_v4 RENAME TO events;
      CREATE INDEX events_by_batch ON events (batch) WHERE batch IS NOT NULL;
      CREATE INDEX events_by_edit ON events (edit_seq) WHERE edit_seq IS NOT NULL;
      CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'events is append-only'); END;
      CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'events is append-only'); END;

      -- The row -> cluster table that the events up to seq imply (Int32 little-endian,
      -- one per row id, -1 for no live row). At start-up the served clusters are
      -- compared with it plus the events after seq; any difference (another
      -- configuration) is published as events, so a table kept from the feed stays
      -- exact. A cache of the feed, so it is replaced, not appended to.
      CREATE TABLE feed_snapshot (
        id       INTEGER PRIMARY KEY CHECK (id = 1),
        seq      INTEGER NOT NULL CHECK (seq >= 0),
        clusters BLOB NOT NULL
      );
    `,
  },
];

/** The `user_version` of a fully migrated state database. */
export const SCHEMA_VERSION: number = MIGRATIONS[MIGRATIONS.length - 1].version;

/**
 * Brings an open database up to {@link SCHEMA_VERSION}. Each step runs in its
 * own IMMEDIATE transaction that re-reads the version first, so two processes
 * opening the same new file at once cannot both apply a step.
 * A file written by a newer kindred is refused rather than misread.
 *
 * @example
 * migrate(db); // db.pragma('user_version', { simple: true }) === SCHEMA_VERSION
 */
export function migrate(db: Database.Database): void {
  const readVersion = (): number => Number(db.pragma('user_version', { simple: true }));
  const found = readVersion();
  if (found > SCHEMA_VERSION) {
    throw new KindredError(
      'run_failed',
      `state database ${db.name} has schema version ${found}, newer than this kindred supports (${SCHEMA_VERSION}); upgrade kindred or use another --state directory`,
    );
  }
  for (const step of MIGRATIONS) {
    db.transaction(() => {
      if (readVersion() >= step.version) return;
      db.exec(step.sql);
      // user_version is part of the database header, so it commits with the step.
      db.pragma(`user_version = ${step.version}`);
    }).immediate();
  }
}
