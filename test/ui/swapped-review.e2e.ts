/** The review queue in headless Chromium shows a pair read crossed (swaps) beside the column of B it was compared with. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../server/server-harness.js';
import { launchBrowser, watchConsole } from './browser.js';

let t: TestServer;
let dir: string;
let browser: Browser;
let page: Page;
let consoleErrors: string[];

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kindred-swapped-ui-'));
  // One pair only: the same person with given name and surname written the other way round and one typo, so it
  // scores in the review band (threshold 0.95, band 0.85-1.0) and heads the queue.
  writeFileSync(path.join(dir, 'people.csv'), 'given_name,surname,dob\nmargaret,thompson,1961-04-02\nthompsen,margaret,1961-04-02\nperu,okafor,1990-12-30\n');
  writeFileSync(
    path.join(dir, 'swapped.yaml'),
    `matchkeys:
  - name: person
    type: weighted
    threshold: 0.95
    swaps: [[given_name, surname]]
    fields:
      - {field: given_name, scorer: jaro_winkler}
      - {field: surname, scorer: jaro_winkler}
      - {field: dob, scorer: exact}
blocking:
  keys:
    - fields: [dob]
`,
  );
  t = await startTestServer({ file: path.join(dir, 'people.csv'), config: path.join(dir, 'swapped.yaml') });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  consoleErrors = watchConsole(page);
});

after(async () => {
  await browser?.close();
  await t?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('a transposed pair: each name row shows B\'s other column, unmarked where the values agree, and the score says against which column', async () => {
  await page.goto(`${t.server.url}/ui/`);
  await page.locator('.explanation', { hasText: /against/ }).waitFor();
  const row = (field: string) => page.locator('table.side-by-side tbody tr', { has: page.locator('th', { hasText: new RegExp(`^${field}$`) }) });
  const given = row('given_name');
  assert.deepEqual(await given.locator('td').allInnerTexts().then((cells) => cells.slice(0, 2)), ['margaret', 'margaret (surname)']);
  assert.match(await given.getAttribute('class') ?? '', /same/);
  assert.match(await given.locator('td').nth(2).innerText(), /against B's surname/);
  const surname = row('surname');
  assert.deepEqual(await surname.locator('td').allInnerTexts().then((cells) => cells.slice(0, 2)), ['thompson', 'thompsen (given_name)']);
  assert.match(await surname.getAttribute('class') ?? '', /differs/);
  assert.match(await row('dob').locator('td').nth(2).innerText(), /^1(\.0+)? exact/);
  assert.deepEqual(consoleErrors, []);
});
