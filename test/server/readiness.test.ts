/** Readiness: /health says "initializing" (503) and other endpoints 503 not_ready until the initial run is done, then /health is 200 ok. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { syntheticPeople } from '../engine/pipeline/synthetic-people.js';
import { call, errorCode, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
let dataDir: string;
// Answers captured while the run may still be going; the state seen *after* each answer tells whether it was sent during the run.
const early: { path: string; status: number; body: unknown; stillInitializing: boolean }[] = [];

before(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-readiness-'));
  const file = path.join(dataDir, 'people-5k.csv');
  // A larger file so the initial run lasts long enough for the first requests to land during it (generated here: CI has no ../shared).
  const people = syntheticPeople(5000, 3);
  writeFileSync(file, [people.names.join(','), ...people.rows.map((r) => r.map((v) => v ?? '').join(','))].join('\n') + '\n');
  t = await startTestServer({ file, config: null, waitReady: false });
  for (const p of ['/health', '/stats', '/clusters', '/reviews']) {
    const r = await call(t.server.url, 'GET', p);
    early.push({ path: p, status: r.status, body: r.body, stillInitializing: t.server.state.status === 'initializing' });
  }
  // The workbench page is open like /health: it must load to say that the server is still loading.
  const ui = await call(t.server.url, 'GET', '/ui/');
  early.push({ path: '/ui/', status: ui.status, body: ui.text.slice(0, 15), stillInitializing: t.server.state.status === 'initializing' });
  const m = await call(t.server.url, 'POST', '/match', { given_name: 'ann' });
  early.push({ path: '/match', status: m.status, body: m.body, stillInitializing: t.server.state.status === 'initializing' });
});

after(async () => {
  await t.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the run was still going when the first requests were answered', () => {
  // Status only moves initializing → ok, so "initializing" after an answer means it was initializing during it.
  assert.equal(early[0].stillInitializing, true, 'the 5,000-row run finished before the first /health answer; make the file larger');
});

test('/health answers 503 initializing during the run', (ctx) => {
  const h = early[0];
  if (!h.stillInitializing) return ctx.skip('run already finished');
  assert.equal(h.status, 503);
  assert.deepEqual(h.body, { status: 'initializing', ready: false, service: 'kindred' });
});

test('every other endpoint answers 503 not_ready during the run', (ctx) => {
  const during = early.slice(1).filter((e) => e.stillInitializing && e.path !== '/ui/');
  if (during.length === 0) return ctx.skip('run already finished');
  for (const e of during) {
    assert.equal(e.status, 503, e.path);
    assert.equal(errorCode(e.body), 'not_ready', e.path);
    assert.equal(typeof obj(obj(e.body).error).message, 'string');
  }
});

test('after the run, /health answers 200 ok and the endpoints answer', async () => {
  await t.server.ready;
  assert.equal(t.server.state.status, 'ok');
  const h = await call(t.server.url, 'GET', '/health');
  assert.equal(h.status, 200);
  assert.deepEqual(h.body, { status: 'ok', ready: true, service: 'kindred' });
  const s = await call(t.server.url, 'GET', '/stats');
  assert.equal(s.status, 200);
  assert.equal(obj(s.body).total_records, 5000);
});

test('the review workbench page is served during the run', () => {
  const ui = early.find((e) => e.path === '/ui/');
  assert.ok(ui !== undefined);
  assert.equal(ui.stillInitializing, true, 'the run finished before /ui/ was answered; make the file larger');
  assert.equal(ui.status, 200);
  assert.equal(ui.body, '<!doctype html>');
});
