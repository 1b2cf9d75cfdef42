// GET /suggest computes its facts on the worker pool: the pool's facts equal the same task run in this thread, and the answer equals the suggestions built from them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, startFixtureServer, type FixtureServer } from './analysis-server.js';
import { suggestionFacts } from '../../../src/server/analysis/suggestion-facts.js';
import { suggest, suggestionFactsInput } from '../../../src/server/analysis/suggestions.js';

let t: FixtureServer;
before(async () => {
  t = await startFixtureServer();
});
after(async () => {
  await t.stop();
});

test('facts from a worker equal facts computed here, and the HTTP answer is the suggestions they give', async () => {
  const { state } = t.server;
  const input = suggestionFactsInput(state.current);
  assert.ok(input.pairs.count > 0 && input.searches.length > 0);
  const here = suggestionFacts(input);
  const fromPool = await state.pool.run('suggestionFacts', input);
  assert.deepEqual(fromPool, here);
  const r = await call(`${t.url}/suggest`, 'GET');
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, JSON.parse(JSON.stringify({ suggestions: suggest(state.current, here) })));
});
