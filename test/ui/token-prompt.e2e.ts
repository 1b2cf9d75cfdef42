/** The workbench on a server started with a token: the page loads without one, asks for it, refuses a wrong one, and a 401 later sends the user back to the prompt. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import path from 'node:path';
import { startTestServer, call, obj, arr, type TestServer } from '../server/server-harness.js';
import { launchBrowser, seriousViolations, watchConsole, SCREENSHOTS } from './browser.js';

const TOKEN = 'ui-test-token-3b1f';
/** The page's session storage, seen from the test's side of page.evaluate. */
type PageGlobals = { sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void } };
let t: TestServer;
let browser: Browser;

before(async () => {
  // Zero-config, so the overview has a controller run to show (its telemetry is saved as the start-up run).
  t = await startTestServer({ config: null, app: { token: TOKEN } });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await t?.stop();
});

test('the token is asked once, checked, kept for the tab, and asked again after a 401', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = watchConsole(page);
  await page.goto(`${t.server.url}/ui/`);
  const input = page.getByLabel('API token');
  await input.waitFor();
  await page.getByText('This server needs an API token.').waitFor();
  assert.deepEqual(await seriousViolations(page), []);

  await input.fill('wrong');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('alert').filter({ hasText: 'The server refused this token.' }).waitFor();

  await input.fill(TOKEN);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('#pair-title').waitFor();
  // The header's links route after a sign-in on the first load.
  await page.getByRole('link', { name: 'Clusters' }).click();
  await page.locator('table.clusters a').first().waitFor();
  assert.equal(await page.evaluate(() => (globalThis as unknown as PageGlobals).sessionStorage.getItem('kindred.token')), TOKEN);

  // A reload keeps the token (same tab) and the view: no prompt.
  await page.reload();
  await page.locator('table.clusters a').first().waitFor();
  assert.equal(await page.getByLabel('API token').count(), 0);

  // The token changes under the page (here: the stored one is spoiled): the next call's 401 brings the prompt back, saying why.
  await page.evaluate(() => (globalThis as unknown as PageGlobals).sessionStorage.setItem('kindred.token', 'stale'));
  await page.goto(`${t.server.url}/ui/#/overview`);
  await page.reload();
  await page.getByText('The server refused the token').waitFor();
  await page.getByLabel('API token').fill(TOKEN);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('svg.chart').nth(1).waitFor();
  // The start-up controller run: its health, stop reason and each decision with its rationale and config diff.
  const telemetry = obj((await call(t.server.url, 'GET', '/controller/telemetry?run=latest', undefined, { authorization: `Bearer ${TOKEN}` })).body);
  await page.locator('.health', { hasText: String(telemetry.health) }).waitFor();
  const decisions = arr(telemetry.decisions);
  assert.equal(await page.getByRole('region', { name: 'Controller decisions' }).locator('tbody tr').count(), decisions.length);
  for (const d of decisions) await page.getByText(String(d.rationale)).waitFor();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'overview.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});
