/** GET /ui/: the built workbench is served without a token, with its media types, security headers and ETags, within the 200 KB budget; the API keeps needing the token. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { startTestServer, call, type TestServer } from './server-harness.js';
import { WORKBENCH_DIR } from '../../src/server/workbench-dir.js';
import { WORKBENCH_CSP } from '../../src/server/workbench/security-headers.js';

/** The first-load budget of the issue: every file of the bundle together. */
const BUDGET_BYTES = 200 * 1024;
const TOKEN = 'assets-test-token';
let t: TestServer;

before(async () => {
  t = await startTestServer({ app: { token: TOKEN } });
});
after(async () => {
  await t.stop();
});

test('the built bundle is an HTML page, a script and a stylesheet, under 200 KB together', () => {
  const files = readdirSync(WORKBENCH_DIR).sort();
  assert.deepEqual(files, ['app.css', 'app.js', 'index.html']);
  const total = files.reduce((sum, f) => sum + statSync(path.join(WORKBENCH_DIR, f)).size, 0);
  assert.ok(total < BUDGET_BYTES, `the workbench is ${total} bytes, over the ${BUDGET_BYTES}-byte budget`);
});

test('/ui/ and its assets load without a token, with their types and the security headers', async () => {
  for (const [urlPath, type] of [
    ['/ui/', 'text/html; charset=utf-8'],
    ['/ui/app.js', 'text/javascript; charset=utf-8'],
    ['/ui/app.css', 'text/css; charset=utf-8'],
  ] as const) {
    const r = await call(t.server.url, 'GET', urlPath);
    assert.equal(r.status, 200, urlPath);
    assert.equal(r.headers.get('content-type'), type, urlPath);
    assert.equal(r.headers.get('content-security-policy'), WORKBENCH_CSP);
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(r.headers.get('x-frame-options'), 'DENY');
    assert.equal(r.headers.get('referrer-policy'), 'no-referrer');
    assert.equal(r.headers.get('access-control-allow-origin'), null);
    assert.ok(r.text.length > 0);
  }
  const page = (await call(t.server.url, 'GET', '/ui/')).text;
  assert.match(page, /<script type="module" src="app.js"><\/script>/);
  assert.doesNotMatch(page, /<script>|<style|\sstyle="|\son\w+="/, 'no inline script, style or handler: the CSP forbids them');
});

test('/ui redirects to /ui/; an unknown asset is a JSON 404; an unchanged asset revalidates to 304', async () => {
  const r = await fetch(`${t.server.url}/ui`, { redirect: 'manual' });
  assert.equal(r.status, 308);
  assert.equal(r.headers.get('location'), '/ui/');
  const missing = await call(t.server.url, 'GET', '/ui/nope.js');
  assert.equal(missing.status, 404);
  assert.equal((missing.body as { error: { code: string } }).error.code, 'not_found');
  const first = await call(t.server.url, 'GET', '/ui/app.js');
  const etag = first.headers.get('etag');
  assert.ok(etag !== null);
  const again = await call(t.server.url, 'GET', '/ui/app.js', undefined, { 'if-none-match': etag });
  assert.equal(again.status, 304);
  assert.equal(again.text, '');
  assert.equal((await call(t.server.url, 'POST', '/ui/', {}, { authorization: `Bearer ${TOKEN}` })).status, 405);
});

test('the API behind the page still needs the token; a same-origin POST with it passes CORS', async () => {
  assert.equal((await call(t.server.url, 'GET', '/stats')).status, 401);
  assert.equal((await call(t.server.url, 'GET', '/stats/scores')).status, 401);
  const auth = { authorization: `Bearer ${TOKEN}` };
  const origin = new URL(t.server.url).origin;
  const explained = await call(t.server.url, 'POST', '/explain', { row_id_a: 0, row_id_b: 1 }, { ...auth, origin });
  assert.equal(explained.status, 200);
  assert.equal(explained.headers.get('access-control-allow-origin'), null, 'same origin: no CORS headers');
  const foreign = await call(t.server.url, 'POST', '/explain', { row_id_a: 0, row_id_b: 1 }, { ...auth, origin: 'http://evil.example' });
  assert.equal(foreign.status, 403);
});
