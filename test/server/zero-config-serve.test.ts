/** `kindred serve` without --config: the controller chooses the configuration before the initial run; its telemetry is the start-up run's, apart from POST /autoconfig's slot. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTelemetry } from '../../src/autoconfig/telemetry-schema.js';
import { arr, call, fixtureRows, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
before(async () => {
  t = await startTestServer({ config: null });
});
after(() => t.stop());

test('zero-config serving keeps the start-up run apart: ?run=startup (and ?run=latest) report it, the contract slot stays empty until POST /autoconfig', async () => {
  const bodies: string[] = [];
  for (const p of ['/controller/telemetry?run=startup', '/api/v1/controller/telemetry?run=startup', '/controller/telemetry?run=latest']) {
    const r = await call(t.server.url, 'GET', p);
    assert.equal(r.status, 200, p);
    bodies.push(r.text);
    const telemetry = parseTelemetry(JSON.parse(r.text));
    assert.equal(telemetry.available, true);
    assert.equal(telemetry.source, 'startup');
    assert.deepStrictEqual(
      telemetry.committed_matchkeys?.map((m) => m.name),
      t.server.state.current.run.config.matchkeys.map((m) => m.name),
      'the served configuration is the committed one',
    );
  }
  assert.equal(bodies[0], bodies[1]);
  for (const p of ['/controller/telemetry', '/api/v1/controller/telemetry']) {
    const r = await call(t.server.url, 'GET', p);
    assert.equal(r.text, '{"available":false,"source":null}', p);
  }
  const bad = await call(t.server.url, 'GET', '/controller/telemetry?run=first');
  assert.equal(bad.status, 400);
  assert.match(bad.text, /autoconfig, startup, latest/);
  const twice = await call(t.server.url, 'GET', '/controller/telemetry?run=startup&run=latest');
  assert.equal(twice.status, 400);
});

test('zero-config serving answers /match with the committed configuration', async () => {
  const record = fixtureRows()[0];
  const r = await call(t.server.url, 'POST', '/match', { record, top_k: 3 });
  assert.equal(r.status, 200, r.text);
  assert.ok(arr(obj(r.body).matches).length > 0, r.text);
});
