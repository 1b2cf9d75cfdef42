import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { workerFile } from '../../src/engine/worker-bundle.js';

/**
 * Runs `body` in a throw-away build root holding `files` (empty), with
 * `at(path)` for a path in it and the entry `dist/workers/entry.js`.
 */
function inBuildRoot(files: string[], body: (at: (p: string) => string, entry: URL, rootUrl: URL) => void): void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-bundle-'));
  try {
    const at = (p: string): string => path.join(root, p);
    for (const f of files) {
      fs.mkdirSync(path.dirname(at(f)), { recursive: true });
      fs.writeFileSync(at(f), '');
    }
    body(at, pathToFileURL(at('dist/workers/entry.js')), pathToFileURL(`${root}/`));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

test('the pool threads load the bundle only while it is newer than every file it was built from', () => {
  inBuildRoot(['dist/workers/entry.js', 'dist/src/a.js'], (at, entry, rootUrl) => {
    assert.equal(workerFile(entry, rootUrl).href, entry.href, 'no bundle: the entry');
    fs.writeFileSync(at('dist/workers/entry.bundle.cjs'), '');
    assert.equal(workerFile(entry, rootUrl).href, entry.href, 'no metafile: the entry');
    fs.writeFileSync(at('dist/workers/entry.bundle.json'), JSON.stringify({ inputs: { 'dist/workers/entry.js': {}, 'dist/src/a.js': {} } }));
    const t = Date.now() / 1000;
    fs.utimesSync(at('dist/workers/entry.js'), t - 20, t - 20);
    fs.utimesSync(at('dist/src/a.js'), t - 20, t - 20);
    fs.utimesSync(at('dist/workers/entry.bundle.cjs'), t - 10, t - 10);
    assert.equal(workerFile(entry, rootUrl).href, pathToFileURL(at('dist/workers/entry.bundle.cjs')).href, 'fresh: the bundle');
    fs.utimesSync(at('dist/src/a.js'), t, t);
    assert.equal(workerFile(entry, rootUrl).href, entry.href, 'one input compiled again since: the entry');
    fs.utimesSync(at('dist/src/a.js'), t - 20, t - 20);
    fs.rmSync(at('dist/src/a.js'));
    assert.equal(workerFile(entry, rootUrl).href, entry.href, 'an input gone: the entry');
  });
});

test('a bundled package\'s files stand for themselves by npm\'s lockfile in node_modules, when there is one', () => {
  inBuildRoot(['dist/workers/entry.js', 'node_modules/pkg/index.js', 'dist/workers/entry.bundle.cjs'], (at, entry, rootUrl) => {
    fs.writeFileSync(at('dist/workers/entry.bundle.json'), JSON.stringify({ inputs: { 'dist/workers/entry.js': {}, 'node_modules/pkg/index.js': {} } }));
    const bundle = pathToFileURL(at('dist/workers/entry.bundle.cjs')).href;
    const t = Date.now() / 1000;
    fs.utimesSync(at('dist/workers/entry.js'), t - 20, t - 20);
    fs.utimesSync(at('dist/workers/entry.bundle.cjs'), t - 10, t - 10);
    // No lockfile: the package's own files are looked at.
    fs.utimesSync(at('node_modules/pkg/index.js'), t, t);
    assert.equal(workerFile(entry, rootUrl).href, entry.href, 'a package file newer, no lockfile: the entry');
    // With a lockfile older than the bundle, the package's files are not looked at (npm sets old times on them anyway).
    fs.writeFileSync(at('node_modules/.package-lock.json'), '{}');
    fs.utimesSync(at('node_modules/.package-lock.json'), t - 20, t - 20);
    fs.rmSync(at('node_modules/pkg/index.js'));
    assert.equal(workerFile(entry, rootUrl).href, bundle, 'lockfile older than the bundle: the bundle');
    fs.utimesSync(at('node_modules/.package-lock.json'), t, t);
    assert.equal(workerFile(entry, rootUrl).href, entry.href, 'packages installed since the build: the entry');
    fs.utimesSync(at('node_modules/.package-lock.json'), t - 20, t - 20);
    fs.utimesSync(at('dist/workers/entry.js'), t, t);
    assert.equal(workerFile(entry, rootUrl).href, entry.href, 'own inputs are still each looked at');
  });
});

test("the built bundle is CommonJS that require() loads with every task of the entry: Piscina tries require() first for each task name, and a failed require of an ES module cost a read and a parse of the bundle every time", (t) => {
  const entry = new URL('../../workers/engine-worker.js', import.meta.url);
  const file = workerFile(entry, new URL('../../../', import.meta.url));
  if (file.href === entry.href) {
    t.skip('no fresh bundle (run make build)');
    return;
  }
  assert.match(fileURLToPath(file), /\.cjs$/);
  // In a process of its own, with the pool threads' flag: require() of an ES module throws there.
  const probe = `
    const bundle = require(${JSON.stringify(fileURLToPath(file))});
    import(${JSON.stringify(entry.href)}).then((m) => console.log(JSON.stringify({ bundle: Object.keys(bundle).sort(), entry: Object.keys(m).sort() })));`;
  const flags = process.allowedNodeEnvironmentFlags.has('--experimental-require-module') ? ['--no-experimental-require-module'] : [];
  const run = spawnSync(process.execPath, [...flags, '-e', probe], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(run.status, 0, run.stderr);
  const { bundle, entry: names } = JSON.parse(run.stdout) as { bundle: string[]; entry: string[] };
  assert.ok(names.includes('prepareColumn') && names.includes('scoreQueue'), names.join(', '));
  assert.deepEqual(bundle, names);
});
