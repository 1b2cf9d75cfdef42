/** GET /controller/telemetry before any autoconfig: exactly {"available": false, "source": null}, on both paths. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
before(async () => {
  t = await startTestServer();
});
after(() => t.stop());

test('the sentinel is exact on /controller/telemetry and /api/v1/controller/telemetry', async () => {
  for (const p of ['/controller/telemetry', '/api/v1/controller/telemetry']) {
    const r = await call(t.server.url, 'GET', p);
    assert.equal(r.status, 200, p);
    assert.equal(r.text, '{"available":false,"source":null}', p);
  }
});
