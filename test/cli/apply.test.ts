// kindred apply: a change file applied to the base gives the same partition as kindred dedupe on the final table; a bad line names file, line and field and writes nothing.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliTempDir, repoPath, runCli } from './run-cli.js';

const tmp = cliTempDir();
after(() => tmp.remove());
const BASE = repoPath('data/server-fixture.csv');
const CONFIG = repoPath('data/configs/server-fixture.yaml');

const lines = readFileSync(BASE, 'utf8').trimEnd().split('\n');
const header = lines[0];
const base = lines.slice(1);

/** row id → cluster id of a row_id,cluster_id output. */
function clustersOf(csv: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of csv.trimEnd().split('\n').slice(1)) {
    const [r, c] = l.split(',').map(Number);
    out.set(r, c);
  }
  return out;
}

/** The partition as sorted member lists, after mapping row ids through `id`. */
function partition(clusters: Map<number, number>, id: (row: number) => number): string[] {
  const groups = new Map<number, number[]>();
  for (const [r, c] of clusters) groups.set(c, [...(groups.get(c) ?? []), id(r)]);
  return [...groups.values()].map((g) => g.sort((a, b) => a - b).join(' ')).sort();
}

test('apply equals dedupe on the final table (same partition); deleted rows are left out, added rows take the next ids', async () => {
  const n = base.length;
  const changed = (line: string, col: number, value: string): string => line.split(',').map((v, i) => (i === col ? value : v)).join(',');
  // Adds: a copy of row 0 (joins its cluster), a record like none; updates: row 2 made a copy of row 3, row 4's surname mangled; deletes: rows 1 and 5.
  const changes = [
    `op,row_id,${header}`,
    `add,,${changed(base[0], 0, 'new-a')}`,
    `add,,new-b,zz,zzunlike,1,nowhere,,,0000,qq,19000101,1`,
    `update,2,${changed(base[3], 0, 'upd-2')}`,
    `update,4,${changed(base[4], 2, 'xqzwv')}`,
    `delete,1,${',' .repeat(header.split(',').length - 1)}`,
    `delete,5,${',' .repeat(header.split(',').length - 1)}`,
  ];
  const changesFile = join(tmp.dir, 'changes.csv');
  writeFileSync(changesFile, changes.join('\n') + '\n');
  const applied = await runCli(['apply', '--file', BASE, '--changes', changesFile, '--config', CONFIG, '--workers', '1', '--quiet']);
  assert.equal(applied.code, 0, applied.stderr);
  const got = clustersOf(applied.stdout);

  // The final table in row-id order: base rows as changed, minus deleted, then the live adds.
  const finalRows: Array<{ id: number; line: string }> = [];
  const deleted = new Set([1, 5]);
  base.forEach((l, r) => {
    if (deleted.has(r)) return;
    finalRows.push({ id: r, line: r === 2 ? changed(base[3], 0, 'upd-2') : r === 4 ? changed(base[4], 2, 'xqzwv') : l });
  });
  finalRows.push({ id: n, line: changed(base[0], 0, 'new-a') }, { id: n + 1, line: 'new-b,zz,zzunlike,1,nowhere,,,0000,qq,19000101,1' });
  const finalFile = join(tmp.dir, 'final.csv');
  writeFileSync(finalFile, [header, ...finalRows.map((f) => f.line)].join('\n') + '\n');
  const fresh = await runCli(['dedupe', '--file', finalFile, '--config', CONFIG, '--workers', '1', '--quiet']);
  assert.equal(fresh.code, 0, fresh.stderr);

  assert.deepEqual([...got.keys()].sort((a, b) => a - b), finalRows.map((f) => f.id).sort((a, b) => a - b), 'every live row once, deleted ones left out');
  assert.deepEqual(partition(got, (r) => r), partition(clustersOf(fresh.stdout), (r) => finalRows[r].id));
  assert.equal(got.get(n), got.get(0), 'the copy of row 0 joined its cluster');
});

test('a bad line is an error naming the file, the line and the field, and nothing is written', async () => {
  const out = join(tmp.dir, 'never.csv');
  const cases: Array<[string[], RegExp]> = [
    [[`op,row_id,surname`, `add,,a`, `upsert,,b`], /bad\.csv: line 3: op: expected add, update or delete, got "upsert"/],
    [[`op,row_id,surname`, `update,99999,b`], /bad\.csv: line 2: row_id: "99999" is not a row id/],
    [[`op,row_id,surnme`, `add,,b`], /bad\.csv: line 1: surnme: not a column of the base file/],
    [[`op,row_id,surname`, `delete,3,`, `update,3,x`], /bad\.csv: line 3: row_id: row 3 was deleted at line 2/],
    [[`op,row_id,surname`, `add,,x`, `delete,${base.length},`], /bad\.csv: line 3: row_id: row 300 is added by this file/],
  ];
  for (const [file, message] of cases) {
    const bad = join(tmp.dir, 'bad.csv');
    writeFileSync(bad, file.join('\n') + '\n');
    const r = await runCli(['apply', '--file', BASE, '--changes', bad, '--config', CONFIG, '--workers', '1', '--quiet', '--out', out]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, message);
    assert.equal(existsSync(out), false, 'nothing is written');
  }
});

test('with --key-column, updates and deletes name their record by key; a duplicate key is an error naming it', async () => {
  const keyed = join(tmp.dir, 'keyed.csv');
  const rec0 = base[0].split(',')[0];
  const rec1 = base[1].split(',')[0];
  writeFileSync(keyed, [`op,${header}`, `update,${base[3].split(',').map((v, i) => (i === 0 ? rec0 : v)).join(',')}`, `delete,${rec1}${','.repeat(header.split(',').length - 1)}`].join('\n') + '\n');
  const r = await runCli(['apply', '--file', BASE, '--changes', keyed, '--key-column', 'rec_id', '--config', CONFIG, '--workers', '1', '--quiet']);
  assert.equal(r.code, 0, r.stderr);
  const got = clustersOf(r.stdout);
  assert.equal(got.has(1), false, 'the record keyed rec1 is deleted');
  assert.equal(got.get(0), got.get(3), 'row 0, now a copy of row 3, is in its cluster');
  const dup = join(tmp.dir, 'dup.csv');
  writeFileSync(dup, [`op,${header}`, `add,${base[2]}`].join('\n') + '\n');
  const d = await runCli(['apply', '--file', BASE, '--changes', dup, '--key-column', 'rec_id', '--config', CONFIG, '--workers', '1', '--quiet']);
  assert.equal(d.code, 2, d.stderr);
  assert.match(d.stderr, new RegExp(`dup\\.csv: .*dup\\.csv line 2\\.rec_id: key "${base[2].split(',')[0]}" is already record 2's`));
});
