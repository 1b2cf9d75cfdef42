/** Two files on every command that loads data: dedupe, evaluate and autoconfig link them (columns aligned by names and values), and bad input names what and where. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { parseTelemetry } from '../../src/autoconfig/telemetry-schema.js';
import { loadConfigFile } from '../../src/config/index.js';
import { writeTwoTables } from '../data/two-tables.js';
import { CLI_MAIN } from '../server/server-harness.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-two-files-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const { a, b, truth } = writeTwoTables(dir, 150);

function kindred(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI_MAIN, ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('evaluate links two files whose columns are named differently, and finds the pairs', () => {
  const r = kindred(['evaluate', '--file', a, '--file', b, '--truth', truth, '--exclude', 'id', '--exclude', 'sku']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /columns aligned: .*name → title.*cost → price|columns aligned: .*cost → price.*name → title/);
  const out = JSON.parse(r.stdout) as { rows: number; file: string; pairwise: { f1: number } };
  assert.equal(out.rows, 300);
  assert.equal(out.file, `${a} + ${b}`);
  assert.ok(out.pairwise.f1 >= 0.8, `F1 ${out.pairwise.f1}`);
});

test('dedupe writes row ids of the first file then the second', () => {
  const outFile = path.join(dir, 'clusters.csv');
  const r = kindred(['dedupe', '--file', a, '--file', b, '--exclude', 'id', '--exclude', 'sku', '--out', outFile]);
  assert.equal(r.status, 0, r.stderr);
  const lines = fs.readFileSync(outFile, 'utf8').trim().split('\n');
  assert.equal(lines.length, 301);
  const clusterOf = new Map(lines.slice(1).map((l) => l.split(',').map(Number) as [number, number]));
  const together = Array.from({ length: 150 }, (_, i) => clusterOf.get(i) === clusterOf.get(150 + i)).filter(Boolean).length;
  assert.ok(together >= 120, `${together} of 150 products joined across the files`);
});

test('autoconfig reports the alignment in the telemetry and writes it as the columns: of a YAML that loads and reproduces it', () => {
  const yaml = path.join(dir, 'linked.yaml');
  const r = kindred(['autoconfig', '--file', a, '--file', b, '--exclude', 'id', '--exclude', 'sku', '--out', yaml, '--no-save', '--quiet']);
  assert.equal(r.status, 0, r.stderr);
  const t = parseTelemetry(JSON.parse(r.stdout));
  const pairs = (t.column_alignment?.pairs ?? []).map((p) => `${p.second}>${p.first}`).sort();
  assert.deepEqual(pairs, ['cost>price', 'name>title']);
  assert.deepEqual(t.column_alignment?.second_only, ['colour']);
  // The fields measured on the record pairs the files' words paired up (every product here), before any column was paired.
  const measured = (t.anchored_weights ?? []).map((e) => `${e.field}/${e.scorer}/${e.pairs}`).sort();
  assert.deepEqual(measured, ['price/numeric_diff/150', 'title/exact/150', 'title/tfidf_cosine/150']);
  // The header says which fields the anchors moved (the title's TF-IDF under its exact code, which lifts most).
  assert.match(fs.readFileSync(yaml, 'utf8').split('\n')[0], /fields weighed on the pairs the tables' words make: title 0\.82 → 0\.71 \(lift 0\.863\)$/);
  const config = loadConfigFile(yaml);
  // The whole alignment: every pair, and the second file's column that stays apart as null.
  assert.deepEqual(config.columns, { name: 'title', cost: 'price', colour: null });
  const again = kindred(['evaluate', '--file', a, '--file', b, '--truth', truth, '--config', yaml]);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stderr, /name → title \(configured\)/);
});

test('a configuration columns: mapping overrides the alignment; a wrong name is an error naming its key path and the file', () => {
  const bad = path.join(dir, 'bad.yaml');
  fs.writeFileSync(bad, 'matchkeys:\n  - name: m\n    type: weighted\n    fields: [{field: title, scorer: jaro_winkler, weight: 1}]\ncolumns:\n  nmae: title\n');
  const r = kindred(['dedupe', '--file', a, '--file', b, '--config', bad]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /columns\.nmae: "nmae" is not a column of .*b\.csv; its columns: sku, name, cost, colour/);
  const one = kindred(['dedupe', '--file', a, '--config', bad]);
  assert.equal(one.status, 2);
  assert.match(one.stderr, /columns: maps a second file's columns, but only one file/);
});

test('columns: null keeps a second-file column apart: it pairs with nothing, whatever its values', () => {
  const apart = path.join(dir, 'apart.yaml');
  fs.writeFileSync(apart, 'matchkeys:\n  - name: m\n    type: weighted\n    fields: [{field: price, scorer: exact, weight: 1}]\ncolumns:\n  name: null\n');
  const r = kindred(['dedupe', '--file', a, '--file', b, '--config', apart, '--out', path.join(dir, 'apart.csv')]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /columns aligned: .*cost → price/);
  assert.doesNotMatch(r.stderr, /name → title/);
  assert.match(r.stderr, /only in the second: [^\n]*\bname\b/);
  const wrong = path.join(dir, 'wrong.yaml');
  fs.writeFileSync(wrong, 'matchkeys:\n  - name: m\n    type: weighted\n    fields: [{field: price, scorer: exact, weight: 1}]\ncolumns:\n  name: [title]\n');
  const bad = kindred(['dedupe', '--file', a, '--file', b, '--config', wrong]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /columns\.name/);
});

test('a third --file, a missing second file and a repeated single-value option are usage errors', () => {
  const three = kindred(['dedupe', '--file', a, '--file', b, '--file', a]);
  assert.equal(three.status, 2);
  assert.match(three.stderr, /--file is given 3 times; give one file, or two to link \(extra: .*a\.csv\)/);
  const missing = kindred(['evaluate', '--file', a, '--file', path.join(dir, 'nope.csv'), '--truth', truth]);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /nope\.csv/);
  const twice = kindred(['dedupe', '--file', a, '--out', path.join(dir, 'x.csv'), '--out', path.join(dir, 'y.csv')]);
  assert.equal(twice.status, 2);
  assert.match(twice.stderr, /--out is given twice; it takes one value/);
});
