/** Browser harness of the workbench tests: headless Chromium through playwright-core, an axe-core scan, and screenshots into docs/screenshots. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_ROOT } from '../server/server-harness.js';

/**
 * Debian's Chromium unless `CHROMIUM` names another (make test-ui passes it).
 *
 * @example
 * chromium.launch({ executablePath: CHROMIUM });
 */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
/**
 * Where the README's screenshots live.
 *
 * @example
 * await page.screenshot({ path: path.join(SCREENSHOTS, 'queue.png') });
 */
export const SCREENSHOTS = path.join(REPO_ROOT, 'docs/screenshots');

/**
 * Starts headless Chromium.
 *
 * @example
 * const browser = await launchBrowser();
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
}

/**
 * Collects the page's console errors and failed CSP checks, so a test can require none.
 *
 * @example
 * const errors = watchConsole(page); ...; assert.deepEqual(errors, []);
 */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    // A 401 the page handles still logs "Failed to load resource": expected where a test provokes it.
    if (m.type() === 'error' && !/status of 401/.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * One accessibility problem axe found.
 *
 * @example
 * const v: AxeViolation = { id: 'color-contrast', impact: 'serious', help: 'Elements must meet minimum color contrast ratio thresholds', nodes: 2 };
 */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules and best practices) on the page as it is; returns the serious and critical violations.
 * The script goes in through the DevTools protocol, which the page's CSP does not govern.
 *
 * @example
 * assert.deepEqual(await seriousViolations(page), []);
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: unknown[] }[] }> } }).axe;
    const r = await axe.run((globalThis as unknown as { document: unknown }).document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
