/** `kindred serve` with two files: linked as one table (first file's rows, then the second's), columns aligned, the alignment in the start-up telemetry, a state database of their own. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseTelemetry } from '../../src/autoconfig/telemetry-schema.js';
import { writeTwoTables } from '../data/two-tables.js';
import { arr, call, obj, startTestServer, type TestServer } from './server-harness.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-two-serve-'));
const files = writeTwoTables(dir, 150);
let t: TestServer;
before(async () => {
  t = await startTestServer({ file: files.a, secondFile: files.b, config: null });
});
after(async () => {
  await t.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the linked table is served: both files rows, aligned columns, and /match finds a product of the second file by the first file names', async () => {
  const stats = obj((await call(t.server.url, 'GET', '/stats')).body);
  assert.equal(stats.total_records, 300, JSON.stringify(stats));
  // Every product of one file joined with its copy in the other.
  assert.equal(stats.total_clusters, 150);
  const second = fs.readFileSync(files.b, 'utf8').split('\n')[1].split(',');
  const r = await call(t.server.url, 'POST', '/match', { record: { title: second[1], price: second[2] }, top_k: 3 });
  assert.equal(r.status, 200, r.text);
  const rows = arr(obj(r.body).matches).map((m) => Number(m.row_id));
  assert.ok(rows.includes(150) || rows.includes(0), `matches ${JSON.stringify(rows)}`);
});

test('the start-up telemetry shows the alignment; the state database is named after both files', async () => {
  const telemetry = parseTelemetry(JSON.parse((await call(t.server.url, 'GET', '/controller/telemetry?run=startup')).text));
  const pairs = (telemetry.column_alignment?.pairs ?? []).map((p) => `${p.second}>${p.first}`);
  assert.ok(pairs.includes('name>title') && pairs.includes('cost>price'), pairs.join(' '));
  // Named after both files (the stem keeps letters and digits), not after the first alone.
  assert.ok(fs.readdirSync(t.stateDir).some((f) => f.startsWith('a_b-') && f.endsWith('.sqlite')), fs.readdirSync(t.stateDir).join(', '));
});

test('POST /autoconfig on the loaded files reasons as the start-up run did: the same alignment, anchors and configuration', async () => {
  const startup = parseTelemetry(JSON.parse((await call(t.server.url, 'GET', '/controller/telemetry?run=startup')).text));
  const r = await call(t.server.url, 'POST', '/autoconfig', {});
  assert.equal(r.status, 200, r.text);
  const body = obj(r.body);
  const telemetry = parseTelemetry(body.telemetry);
  assert.deepEqual(telemetry.column_alignment, startup.column_alignment);
  assert.ok((telemetry.anchored_weights ?? []).length > 0, JSON.stringify(telemetry.anchored_weights));
  assert.deepEqual(telemetry.anchored_weights, startup.anchored_weights);
  assert.deepEqual(telemetry.committed_matchkeys, startup.committed_matchkeys);
});
