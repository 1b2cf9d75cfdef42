/** A pair whose reported score equals the threshold "reaches" it: /explain says is_match, /match returns it, the two share a cluster. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { arr, call, fixtureRows, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
const rows = fixtureRows();
before(async () => {
  t = await startTestServer();
});
after(() => t.stop());

test(
  'a score equal to the threshold is a match on every surface',
  async () => {
    const queue = arr(obj((await call(t.server.url, 'GET', '/reviews?limit=1000')).body).queue);
    const atThreshold = queue.filter((q) => q.score === q.threshold);
    assert.ok(atThreshold.length > 0, 'the fixture has a pair scored exactly at the threshold (190-230)');
    for (const q of atThreshold) {
      const [a, b] = [Number(q.id_a), Number(q.id_b)];
      const e = obj((await call(t.server.url, 'POST', '/explain', { row_id_a: a, row_id_b: b })).body);
      assert.equal(e.overall_score, e.threshold);
      assert.equal(e.is_match, true, `${String(q.id)}: score ${String(e.overall_score)} reaches threshold ${String(e.threshold)}`);
      const matches = arr(obj((await call(t.server.url, 'POST', '/match', { record: rows[a], top_k: 1000 })).body).matches);
      assert.ok(matches.some((m) => m.row_id === b), `${String(q.id)}: /match returns the other record`);
    }
  },
);
