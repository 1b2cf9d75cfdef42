/** openDatasetState: a new version of a dataset gets its own database with the previous version's history copied in; other datasets are never mixed in. */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { datasetStateLine, openDatasetState, type DatasetState } from '../../src/store/dataset-state.js';
import { StateDb } from '../../src/store/state-db.js';
import { decisionOn, tempDir } from './fixtures/temp-state.js';

const tmp = tempDir();
after(tmp.remove);

const FP_A = 'a'.repeat(64);
const FP_B = 'b'.repeat(64);
const FP_C = 'c'.repeat(64);
const at = (iso: string) => ({ clock: () => new Date(iso) });

/** Version A of `csv` with a decision on 1-2, then version B with one more on 3-4 (a day apart); both closed. */
function twoVersions(dir: string, csv: string): { v1: DatasetState; v2: DatasetState } {
  const v1 = openDatasetState(dir, csv, FP_A, at('2026-01-01T00:00:00.000Z'));
  v1.db.recordDecision(decisionOn(1, 2));
  v1.db.close();
  const v2 = openDatasetState(dir, csv, FP_B, at('2026-01-02T00:00:00.000Z'));
  v2.db.recordDecision(decisionOn(3, 4));
  v2.db.close();
  return { v1, v2 };
}

test('a new version copies the whole edit log and telemetry of the previous one, which stays as it was', () => {
  const dir = join(tmp.dir, 'versions');
  const csv = '/data/people.csv';
  const v1 = openDatasetState(dir, csv, FP_A, at('2026-01-01T00:00:00.000Z'));
  assert.equal(v1.carriedFrom, null);
  const kept = v1.db.recordDecision(decisionOn(1, 2, 'approve'));
  const rejected = v1.db.recordDecision(decisionOn(3, 4, 'reject'));
  v1.db.withdrawDecision('3-4');
  v1.db.recordShatter({ clusterId: 5, members: [5, 6, 7], fingerprints: { 5: 'f5', 6: 'f6', 7: 'f7' } });
  v1.db.saveTelemetry('cli_autoconfig', '{"available":true,"source":"cli_autoconfig"}');
  const before = v1.db.edits();
  v1.db.close();

  const v2 = openDatasetState(dir, csv, FP_B, at('2026-01-02T00:00:00.000Z'));
  try {
    assert.equal(v2.carriedFrom, v1.file);
    assert.notEqual(v2.file, v1.file);
    assert.deepEqual(v2.carried, { edits: 4, telemetry: 1 });
    assert.deepEqual(v2.db.edits(), before, 'same seq numbers, timestamps and fingerprints');
    assert.deepEqual(v2.db.activeDecisions().map((d) => d.seq), [kept.seq]);
    assert.ok(rejected.seq > kept.seq);
    assert.equal(v2.db.latestTelemetry()?.source, 'cli_autoconfig');
    assert.equal(v2.db.getMeta('dataset_fingerprint'), FP_B);
    // New edits continue the log after the copied ones.
    assert.equal(v2.db.recordDecision(decisionOn(8, 9)).seq, before.length + 1);
  } finally {
    v2.db.close();
  }
  const old = StateDb.open(v1.file);
  try {
    assert.deepEqual(old.edits(), before, 'the previous version is only read');
  } finally {
    old.close();
  }
});

test('reopening a version carries nothing again, and the newest other version is the one copied', () => {
  const dir = join(tmp.dir, 'newest');
  const csv = '/data/people.csv';
  const { v2 } = twoVersions(dir, csv);
  const again = openDatasetState(dir, csv, FP_B, at('2026-01-03T00:00:00.000Z'));
  assert.equal(again.carriedFrom, null);
  assert.equal(again.db.edits().length, 2);
  again.db.close();
  const v3 = openDatasetState(dir, csv, FP_C, at('2026-01-04T00:00:00.000Z'));
  try {
    assert.equal(v3.carriedFrom, v2.file, 'the most recently opened version, which holds both decisions');
    assert.deepEqual(v3.db.activeDecisions().map((d) => d.pair_id), ['1-2', '3-4']);
  } finally {
    v3.db.close();
  }
});

test('another dataset with the same file name, in another folder, is never a predecessor', () => {
  const dir = join(tmp.dir, 'namesakes');
  const a = openDatasetState(dir, '/one/people.csv', FP_A, at('2026-01-01T00:00:00.000Z'));
  a.db.recordDecision(decisionOn(1, 2));
  a.db.close();
  const b = openDatasetState(dir, '/two/people.csv', FP_B, at('2026-01-02T00:00:00.000Z'));
  try {
    assert.equal(b.carriedFrom, null);
    assert.equal(b.db.edits().length, 0);
    assert.equal(readdirSync(dir).filter((f) => f.endsWith('.sqlite')).length, 2);
  } finally {
    b.db.close();
  }
});

test('a database under the older naming scheme is found by its dataset_path and carried over; non-databases are skipped', () => {
  const dir = join(tmp.dir, 'legacy');
  const v = openDatasetState(dir, '/data/people.csv', FP_A, at('2026-01-01T00:00:00.000Z'));
  v.db.recordDecision(decisionOn(1, 2));
  v.db.close();
  // The name before the path digest was added: <stem>-<16 hex of the fingerprint>.sqlite.
  const legacy = join(dir, `people-${FP_A.slice(0, 16)}.sqlite`);
  renameSync(v.file, legacy);
  writeFileSync(join(dir, 'people-notadb.sqlite'), 'not a database');
  const next = openDatasetState(dir, '/data/people.csv', FP_A, at('2026-01-02T00:00:00.000Z'));
  try {
    assert.equal(next.carriedFrom, legacy, 'same contents, older name: the history moves to the new name');
    assert.deepEqual(next.db.activeDecisions().map((d) => d.pair_id), ['1-2']);
  } finally {
    next.db.close();
  }
});

test('back to earlier contents, then edited again: the newest decisions are carried, and the reopened version says where they are', () => {
  const dir = join(tmp.dir, 'revert');
  const csv = '/data/people.csv';
  const { v2 } = twoVersions(dir, csv);
  // The file goes back to v1's bytes: v1's database is reopened as it was, and says v2 holds newer edits.
  const back = openDatasetState(dir, csv, FP_A, at('2026-01-03T00:00:00.000Z'));
  assert.equal(back.carriedFrom, null);
  assert.equal(back.newerElsewhere, v2.file);
  assert.match(datasetStateLine(back, csv) ?? '', /holds newer edits, which are not applied here/);
  assert.deepEqual(back.db.activeDecisions().map((d) => d.pair_id), ['1-2']);
  back.db.close();
  // Edited again: the history with the newest change (v2's) is the one carried, though v1 was opened last.
  const v3 = openDatasetState(dir, csv, FP_C, at('2026-01-04T00:00:00.000Z'));
  try {
    assert.equal(v3.carriedFrom, v2.file);
    assert.deepEqual(v3.db.activeDecisions().map((d) => d.pair_id), ['1-2', '3-4']);
  } finally {
    v3.db.close();
  }
});

test('a database from before dataset_path was written (old name, same contents) is carried over', () => {
  const dir = join(tmp.dir, 'legacy-cli');
  mkdirSync(dir, { recursive: true });
  // As kindred autoconfig wrote it before: <stem>-<16 hex>.sqlite, telemetry only, no meta.
  const legacy = StateDb.open(join(dir, `people-${FP_A.slice(0, 16)}.sqlite`), at('2026-01-01T00:00:00.000Z'));
  legacy.saveTelemetry('cli_autoconfig', '{"available":true,"source":"cli_autoconfig"}');
  legacy.close();
  const now = openDatasetState(dir, '/data/people.csv', FP_A, at('2026-01-02T00:00:00.000Z'));
  try {
    assert.equal(now.carriedFrom, join(dir, `people-${FP_A.slice(0, 16)}.sqlite`));
    assert.equal(now.db.latestTelemetry()?.source, 'cli_autoconfig');
  } finally {
    now.db.close();
  }
  // Another content's old file is not this dataset's history.
  const other = openDatasetState(join(tmp.dir, 'legacy-cli'), '/data/people.csv', FP_B, at('2026-01-03T00:00:00.000Z'));
  try {
    assert.notEqual(other.carriedFrom, join(dir, `people-${FP_A.slice(0, 16)}.sqlite`), 'carried from the new-name file, which holds the same history, not the old one');
  } finally {
    other.db.close();
  }
});

test('two openers of one new version: only the first copies, the second finds it done', () => {
  const dir = join(tmp.dir, 'race');
  const v1 = openDatasetState(dir, '/data/people.csv', FP_A, at('2026-01-01T00:00:00.000Z'));
  v1.db.recordDecision(decisionOn(1, 2));
  v1.db.close();
  const target = join(dir, 'target.sqlite');
  const first = StateDb.open(target);
  const second = StateDb.open(target);
  try {
    assert.deepEqual(first.importHistory(v1.file), { edits: 1, telemetry: 0 });
    assert.equal(second.importHistory(v1.file), null);
    assert.equal(second.edits().length, 1, 'copied once');
  } finally {
    first.close();
    second.close();
  }
});
