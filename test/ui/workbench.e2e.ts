/** The review workbench end to end in headless Chromium on a real server: the queue by keyboard with undo, shatter and unmerge through the UI, search, overview, accessibility, screenshots. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, call, obj, arr, memberRecord, type TestServer } from '../server/server-harness.js';
import { launchBrowser, seriousViolations, watchConsole, SCREENSHOTS } from './browser.js';

let t: TestServer;
let browser: Browser;
let page: Page;
let consoleErrors: string[];

before(async () => {
  t = await startTestServer({});
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  consoleErrors = watchConsole(page);
});

after(async () => {
  await browser?.close();
  await t?.stop();
});

const pairTitle = (p: Page): Promise<string> => p.locator('#pair-title').innerText();

async function expectNoSeriousViolations(p: Page, where: string): Promise<void> {
  const found = await seriousViolations(p);
  assert.deepEqual(found, [], `axe found serious problems on ${where}: ${JSON.stringify(found)}`);
}

test('the queue: three pairs decided by keyboard, one undone; the decisions reach the server and the clusters', async () => {
  await page.goto(`${t.server.url}/ui/`);
  await page.locator('#pair-title').waitFor();
  await page.locator('.explanation', { hasText: /score/ }).waitFor();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'queue.png') });
  await expectNoSeriousViolations(page, 'the queue');

  const queue = arr(obj((await call(t.server.url, 'GET', '/reviews?limit=4')).body).queue);
  const ids = queue.map((q) => String(q.id));
  assert.match(await pairTitle(page), new RegExp(`Pair ${ids[0]} `));

  // Keyboard only: approve the first, reject the second, approve the third, then undo that last one.
  await page.keyboard.press('a');
  await page.locator('#pair-title', { hasText: `Pair ${ids[1]} ` }).waitFor();
  await page.keyboard.press('r');
  await page.locator('#pair-title', { hasText: `Pair ${ids[2]} ` }).waitFor();
  await page.keyboard.press('a');
  await page.locator('#pair-title', { hasText: `Pair ${ids[3]} ` }).waitFor();
  // Undo at once, without waiting for the approval's answer: it withdraws that decision once it is saved.
  await page.keyboard.press('u');
  await page.locator('#status', { hasText: `Withdrew the approve of pair ${ids[2]}` }).waitFor();
  // The withdrawn pair is offered again.
  await page.locator('#pair-title', { hasText: `Pair ${ids[2]} ` }).waitFor();

  const decisions = arr(obj((await call(t.server.url, 'GET', '/reviews/decisions?limit=10')).body).decisions);
  const active = new Map(decisions.filter((d) => d.active === true).map((d) => [String(d.pair_id), d.decision]));
  assert.deepEqual(Object.fromEntries(active), { [ids[0]]: 'approve', [ids[1]]: 'reject' });
  assert.ok(decisions.some((d) => d.pair_id === ids[2] && d.active === false), 'the undone decision is in the history, inactive');
  // The clusters follow: the approved pair shares a cluster, the rejected one does not.
  const clusters = t.server.state.current.clusters;
  const [a0, b0] = ids[0].split('-').map(Number);
  const [a1, b1] = ids[1].split('-').map(Number);
  assert.equal(clusters.clusterOf(a0), clusters.clusterOf(b0));
  assert.notEqual(clusters.clusterOf(a1), clusters.clusterOf(b1));
  const remaining = obj((await call(t.server.url, 'GET', '/reviews')).body).total;
  await page.locator('#queue-progress', { hasText: `2 decided in this session · ${String(remaining)} pending` }).waitFor();
});

test('clusters: the weakest first, a cluster shattered and a record unmerged through the UI, with confirmation', async () => {
  await page.goto(`${t.server.url}/ui/#/clusters`);
  const firstLink = page.locator('table.clusters a').first();
  await firstLink.waitFor();
  const weakest = obj((await call(t.server.url, 'GET', '/clusters?sort=confidence&limit=1')).body);
  const weakestId = Number(arr(weakest.clusters)[0].cluster_id);
  assert.equal(await firstLink.innerText(), `Cluster ${weakestId}`);
  await expectNoSeriousViolations(page, 'the cluster list');

  await firstLink.click();
  await page.locator('#cluster-title', { hasText: `Cluster ${weakestId}` }).waitFor();
  await page.locator('table.matrix td.bottleneck').first().waitFor();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'cluster.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'a cluster');

  // Cancel first: nothing changes.
  await page.getByRole('button', { name: 'Shatter cluster…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  assert.ok(Number(obj((await call(t.server.url, 'GET', `/clusters/${weakestId}`)).body).size) > 1);
  await page.getByRole('button', { name: 'Shatter cluster…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Shatter' }).click();
  await page.locator('#status', { hasText: `Cluster ${weakestId} shattered` }).waitFor();
  assert.equal(obj((await call(t.server.url, 'GET', `/clusters/${weakestId}`)).body).size, 1);
  // The list no longer shows it.
  await page.locator('table.clusters a').first().waitFor();
  assert.equal(await page.locator('table.clusters a', { hasText: new RegExp(`^Cluster ${weakestId}$`) }).count(), 0);

  // Unmerge the last member of a cluster of three or more.
  const big = arr(obj((await call(t.server.url, 'GET', '/clusters?min_size=3&limit=1')).body).clusters)[0];
  const bigId = Number(big.cluster_id);
  const members = arr(obj((await call(t.server.url, 'GET', `/clusters/${bigId}`)).body).members).map((m) => memberRecord(m).row);
  const leaving = members[members.length - 1];
  await page.goto(`${t.server.url}/ui/#/clusters/${bigId}`);
  await page.getByRole('button', { name: `Unmerge record ${leaving}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unmerge' }).click();
  await page.locator('#status', { hasText: `Record ${leaving} unmerged` }).waitFor();
  assert.equal(obj((await call(t.server.url, 'GET', `/clusters/${leaving}`)).body).size, 1);
  // The page shows the cluster without the record at once.
  await page.locator('#cluster-title', { hasText: `Cluster ${bigId}` }).waitFor();
  assert.equal(await page.getByRole('button', { name: `Unmerge record ${leaving}` }).count(), 0);
});

test('search: fields against /match and free text against /retrieve', async () => {
  const first = obj((await call(t.server.url, 'GET', '/clusters/0')).body);
  const record = memberRecord(arr(first.members)[0]).record;
  await page.goto(`${t.server.url}/ui/#/search`);
  await page.getByLabel('given_name').fill(String(record.given_name));
  await page.getByLabel('surname').fill(String(record.surname));
  await page.getByLabel('postcode').fill(String(record.postcode));
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('region', { name: 'Matches', exact: true }).waitFor();
  await page.getByRole('region', { name: 'Nearest records', exact: true }).waitFor();
  assert.ok((await page.getByRole('region', { name: 'Matches', exact: true }).locator('tbody tr').count()) >= 1);
  await expectNoSeriousViolations(page, 'search');
});

test('overview: figures, both histograms and the telemetry part', async () => {
  await page.goto(`${t.server.url}/ui/#/overview`);
  await page.locator('svg.chart').nth(1).waitFor();
  await page.locator('#telemetry-title + p, #telemetry-title + dl').waitFor();
  const stats = obj((await call(t.server.url, 'GET', '/stats')).body);
  await page.locator('dl.figures dd', { hasText: String(stats.total_records) }).first().waitFor();
  assert.equal(await page.locator('svg.chart .mark').count(), 1, 'the match threshold is marked');
  assert.equal(await page.locator('svg.chart .band').count(), 1, 'the review band is shaded');
  await expectNoSeriousViolations(page, 'the overview');
});

test('a 390-pixel-wide screen: the queue fits without sideways scrolling of the page', async () => {
  const narrow = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await narrow.goto(`${t.server.url}/ui/`);
  await narrow.locator('#pair-title').waitFor();
  await narrow.locator('.explanation', { hasText: /score/ }).waitFor();
  const overflow = await narrow.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
  await narrow.screenshot({ path: path.join(SCREENSHOTS, 'narrow.png') });
  await narrow.close();
  assert.deepEqual(consoleErrors, [], 'no script or CSP errors in the console');
});
