/** The command line runs from its esbuild bundle after `make build`, and the paths modules resolve from import.meta.url hold there as in the modules tsc wrote. */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cliEntry } from '../../src/cli/cli-entry.js';
import { spawnServe } from '../server/cli-harness.js';
import { FIXTURE_CSV, REPO_ROOT } from '../server/server-harness.js';

const BUNDLE = path.join(REPO_ROOT, 'dist/src/cli-bundle/dispatch.js');
const noBundle = existsSync(BUNDLE) ? false : 'dist/src/cli-bundle is not built (make build builds it)';

test('after make build, the command line loads the bundled dispatcher', { skip: noBundle }, () => {
  assert.equal(fileURLToPath(cliEntry()), BUNDLE);
});

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

test('every module that resolves a path from import.meta.url sits at src/<folder>/, the depth of the bundle', () => {
  // The bundle's chunks are written to dist/src/cli-bundle/; a relative URL
  // resolved from import.meta.url inside them means what it meant in the
  // module it came from only when that module was at the same depth.
  // (src/ui is the browser's own bundle, served as files.)
  const src = path.join(REPO_ROOT, 'src');
  const users = sources(src)
    .filter((f) => !f.startsWith(path.join(src, 'ui') + path.sep))
    .filter((f) => /new URL\([^)]*import\.meta\.url|fileURLToPath\(import\.meta\.url\)|createRequire\(import\.meta\.url\)/.test(readFileSync(f, 'utf8')));
  assert.ok(users.length >= 4, `found ${users.length} modules resolving paths from import.meta.url`);
  for (const f of users) assert.equal(path.relative(src, f).split(path.sep).length, 2, `${path.relative(REPO_ROOT, f)} is not at src/<folder>/`);
});

test('the bundled `kindred serve` finds the workbench files and the worker file', { skip: noBundle }, async () => {
  const state = mkdtempSync(path.join(os.tmpdir(), 'kindred-cli-bundle-'));
  const s = spawnServe(['--file', FIXTURE_CSV, '--port', '0', '--state', state, '--workers', '1']);
  try {
    const url = await s.listening;
    const ui = await fetch(`${url}/ui/`);
    assert.equal(ui.status, 200);
    assert.match(await ui.text(), /<html/i);
    // The initial run goes through the pool, whose worker file is found from the bundle too.
    for (;;) {
      const r = await fetch(`${url}/health`);
      const body = await r.text();
      if (r.status === 200) break;
      assert.equal(r.status, 503, body);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    s.child.kill('SIGTERM');
    await s.exited;
    rmSync(state, { recursive: true, force: true });
  }
});
