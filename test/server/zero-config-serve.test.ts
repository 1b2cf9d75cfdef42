/** `kindred serve` without --config: the controller chooses the configuration before the initial run, and its telemetry is the server's. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTelemetry } from '../../src/autoconfig/telemetry-schema.js';
import { arr, call, fixtureRows, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
before(async () => {
  t = await startTestServer({ config: null });
});
after(() => t.stop());

test('zero-config serving commits the controller configuration and reports its telemetry on both paths', async () => {
  const bodies: string[] = [];
  for (const p of ['/controller/telemetry', '/api/v1/controller/telemetry']) {
    const r = await call(t.server.url, 'GET', p);
    assert.equal(r.status, 200, p);
    bodies.push(r.text);
    const telemetry = parseTelemetry(JSON.parse(r.text));
    assert.equal(telemetry.available, true);
    assert.equal(telemetry.source, 'rest_autoconfig');
    assert.deepStrictEqual(
      telemetry.committed_matchkeys?.map((m) => m.name),
      t.server.state.current.run.config.matchkeys.map((m) => m.name),
      'the served configuration is the committed one',
    );
  }
  assert.equal(bodies[0], bodies[1]);
});

test('zero-config serving answers /match with the committed configuration', async () => {
  const record = fixtureRows()[0];
  const r = await call(t.server.url, 'POST', '/match', { record, top_k: 3 });
  assert.equal(r.status, 200, r.text);
  assert.ok(arr(obj(r.body).matches).length > 0, r.text);
});
