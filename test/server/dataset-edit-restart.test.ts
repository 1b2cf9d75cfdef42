/** Editing the CSV between runs loses no decision: the new version's database inherits the log, decisions on unchanged records stay in force, the others are listed stale. */
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { arr, call, clusterDetails, FIXTURE_CSV, obj, startTestServer } from './server-harness.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'kindred-edit-restart-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('a decision whose record was edited is listed stale and not applied; one on untouched records stays in force', async () => {
  const csv = path.join(dir, 'people.csv');
  const stateDir = path.join(dir, 'state');
  copyFileSync(FIXTURE_CSV, csv);

  const first = await startTestServer({ file: csv, stateDir });
  let kept: [number, number];
  let edited: [number, number];
  try {
    const pairs = (await clusterDetails(first.server.url, 2)).filter((d) => d.size === 2).map((d) => arr(d.members).map((m) => Number(m.row_id)) as [number, number]);
    assert.ok(pairs.length >= 2, 'the fixture should have two clusters of two');
    [kept, edited] = pairs;
    for (const [a, b] of [kept, edited]) {
      assert.equal((await call(first.server.url, 'POST', '/reviews/decide', { pair_id: `${a}-${b}`, decision: 'reject' })).status, 200);
    }
  } finally {
    await first.stop();
  }

  // Edit one cell of the second pair's first record (data line = row id + 2; the fixture has no quoted cells).
  const lines = readFileSync(csv, 'utf8').split('\n');
  const cells = lines[edited[0] + 1].split(',');
  cells[2] = `${cells[2]}x`;
  lines[edited[0] + 1] = cells.join(',');
  writeFileSync(csv, lines.join('\n'));

  const second = await startTestServer({ file: csv, stateDir });
  try {
    const url = second.server.url;
    assert.equal(readdirSync(stateDir).filter((f) => f.endsWith('.sqlite')).length, 2, 'each version has its database');
    const list = arr(obj((await call(url, 'GET', '/reviews/decisions')).body).decisions);
    const byPair = new Map(list.map((d) => [d.pair_id, d]));
    assert.equal(list.length, 2, 'both decisions are still listed');
    assert.equal(byPair.get(`${kept[0]}-${kept[1]}`)?.active, true);
    assert.equal(byPair.get(`${kept[0]}-${kept[1]}`)?.stale, undefined);
    assert.equal(byPair.get(`${edited[0]}-${edited[1]}`)?.active, false);
    assert.equal(byPair.get(`${edited[0]}-${edited[1]}`)?.stale, true);
    // The kept reject is applied again; the stale one is not.
    assert.equal(obj((await call(url, 'GET', `/clusters/${kept[0]}`)).body).size, 1);
    const editedCluster = obj((await call(url, 'GET', `/clusters/${Math.min(...edited)}`)).body);
    assert.equal(editedCluster.size, 2, 'the stale reject no longer separates the pair');
  } finally {
    await second.stop();
  }
});
