/** An edges file as a run's pair source: the run equals the pool run whose kept pairs were written (probabilistic matchkeys included, trained on the loaded table), and every way an edges file can disagree with the table or the configuration is an error naming the edge or row. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfigFile, parseConfigText } from '../../../src/config/index.js';
import type { Config } from '../../../src/config/types.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { ingestCsv } from '../../../src/data/ingest.js';
import { runMatching, type MatchRun } from '../../../src/engine/run.js';
import { edgesPairSource } from '../../../src/engine/sql/edges-source.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { KindredError } from '../../../src/errors/registry.js';
import { REPO_ROOT } from '../../cli/run-cli.js';

const CSV = path.join(REPO_ROOT, 'data', 'server-fixture.csv');
const pool = new WorkerPool({ workers: 2 });
const dir = mkdtempSync(path.join(os.tmpdir(), 'kindred-edges-source-'));
let store: ColumnStore;
let config: Config;
let ref: MatchRun;
after(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});
before(async () => {
  store = (await ingestCsv(CSV, pool)).store;
  config = loadConfigFile(path.join(REPO_ROOT, 'data', 'configs', 'server-fixture.yaml'));
  ref = await runMatching(store, config, pool);
});

/** A run's kept pairs as an edges CSV (ids: row ids, or the rec_id column's values). */
function edgesCsv(run: MatchRun, byId = false): string[] {
  const id = (row: number): string => (byId ? (store.get(store.columnIndex('rec_id'), row) as string) : String(row));
  const lines = ['a,b,score,decider,matched'];
  for (let i = 0; i < run.pairs.count; i++) {
    lines.push(`${id(run.pairs.a[i])},${id(run.pairs.b[i])},${run.pairs.score[i]},${run.pairs.flags[i] & 0x7f},${(run.pairs.flags[i] & 0x80) !== 0}`);
  }
  return lines;
}

let files = 0;
function served(lines: string[], idColumn: string | null = null, withConfig: Config = config, table: ColumnStore = store): Promise<MatchRun> {
  const file = path.join(dir, `edges-${files++}.csv`);
  writeFileSync(file, lines.join('\n') + '\n');
  return runMatching(table, withConfig, pool, { pairSource: edgesPairSource(file, idColumn, 'people.csv') });
}

const samePairs = (run: MatchRun, expected: MatchRun): void => {
  const pairs = (r: MatchRun) => Array.from({ length: r.pairs.count }, (_, i) => `${r.pairs.a[i]}-${r.pairs.b[i]} ${r.pairs.score[i]} ${r.pairs.flags[i]}`).sort();
  assert.deepEqual(pairs(run), pairs(expected));
  assert.deepEqual(Array.from(run.clusterOf), Array.from(expected.clusterOf));
};

test('edges in any order, by row id or by id, give the run they were written from', async () => {
  const lines = edgesCsv(ref);
  const shuffled = [lines[0], ...lines.slice(1).reverse()];
  const run = await served(shuffled);
  samePairs(run, ref);
  assert.equal(run.engine, 'edges');
  assert.equal(run.candidatePairs, null);
  assert.deepEqual(run.phases.map((p) => p.phase), ['prepare', 'block', 'edges', 'cluster']);
  samePairs(await served(edgesCsv(ref, true), 'rec_id'), ref);
});

test('a probabilistic matchkey: trained on the loaded table before the check, as the pool run trains it', async () => {
  const fs = parseConfigText(
    `
matchkeys:
  - name: p
    type: probabilistic
    threshold: 0.9
    fields:
      - {field: given_name, scorer: jaro_winkler}
      - {field: surname, scorer: jaro_winkler}
      - {field: date_of_birth, scorer: levenshtein}
blocking: {keys: [{fields: [postcode]}, {fields: [date_of_birth]}]}
`,
    'fs.yaml',
  );
  const fsRun = await runMatching(store, fs, pool);
  assert.ok(fsRun.pairs.count > 50);
  const run = await served(edgesCsv(fsRun), null, fs);
  samePairs(run, fsRun);
  assert.deepEqual(run.handle.models, fsRun.handle.models);
});

const rejects = (lines: string[], message: RegExp, idColumn: string | null = null, withConfig?: Config) =>
  assert.rejects(served(lines, idColumn, withConfig), (e: unknown) => e instanceof KindredError && message.test(e.message), String(message));

test('ids the table lacks, a record paired with itself, a pair twice, a bad decider, an empty cell: errors naming the edge', async () => {
  const l = edgesCsv(ref);
  await rejects([l[0], '0,300,0.9,0,true'], /edge 1: b = "300" names no record of the served table \(the edges' ids are row ids 0\.\.299/);
  await rejects([l[0], '07,8,0.9,0,true'], /edge 1: a = "07" names no record/);
  await rejects([l[0], '5,5,1,0,true'], /edge 1: pairs record "5" with itself/);
  await rejects([l[0], l[1], l[2], l[1]], /the pair \d+, \d+ is given twice \(edges 1 and 3\)/);
  await rejects([l[0], l[1].replace(/,0,(true|false)$/, ',1,$1')], /edge 1: decider 1 is no matchkey of the configuration \(0\.\.0\)/);
  await rejects([l[0], l[1].replace(/,(true|false)$/, ',')], /edge 1 has an empty a, b, score or matched/);
  await rejects([l[0], l[1].replace(/,(true|false)$/, ',perhaps')], /a score or matched value is not a number or a boolean/);
});

test('two matchkeys need the decider column; one does not', async () => {
  const two = parseConfigText(
    `
matchkeys:
  - {name: a, type: exact, fields: [{field: soc_sec_id}]}
  - {name: b, type: weighted, threshold: 0.8, fields: [{field: surname, scorer: jaro_winkler}]}
blocking: {keys: [{fields: [postcode]}]}
`,
    'two.yaml',
  );
  const twoRun = await runMatching(store, two, pool);
  const withoutDecider = (lines: string[]) => lines.map((x) => x.split(',').filter((_, i) => i !== 3).join(','));
  await rejects(withoutDecider(edgesCsv(twoRun)), /the configuration has 2 matchkeys, so the edges need the column decider/, null, two);
  samePairs(await served(withoutDecider(edgesCsv(ref))), ref);
});

test('an id column with a missing or repeated id, and edges from another configuration, are errors', async () => {
  const copy = storeWith(store, 'rec_id', 7, null);
  await assert.rejects(served(edgesCsv(ref, true), 'rec_id', config, copy), /--id rec_id: row 7 \(data row 8 of people\.csv\) has no id/);
  const twice = storeWith(store, 'rec_id', 9, store.get(store.columnIndex('rec_id'), 2));
  await assert.rejects(served(edgesCsv(ref, true), 'rec_id', config, twice), /--id rec_id: id "[^"]+" is on row 2 and on row 9 of people\.csv/);
  const stricter = { ...config, matchkeys: config.matchkeys.map((m) => ({ ...m, threshold: 0.95 })) } as Config;
  await rejects(edgesCsv(ref), /the edge of \d+ and \d+ says score [0-9.]+ \(matched, matchkey person_fuzzy\), the configuration gives score [0-9.]+ \(not matched/, null, stricter);
});

/** A copy of a table with one cell changed. */
function storeWith(table: ColumnStore, column: string, row: number, value: string | null): ColumnStore {
  const c = table.columnIndex(column);
  const rows = Array.from({ length: table.rowCount }, (_, r) => table.names.map((_, k) => (k === c && r === row ? value : table.get(k, r))));
  return ColumnStore.fromRows(table.names, rows);
}
