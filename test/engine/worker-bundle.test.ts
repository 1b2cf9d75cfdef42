import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { workerFile } from '../../src/engine/worker-bundle.js';

test('the pool threads load the bundle only while it is newer than every file it was built from', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-bundle-'));
  try {
    const at = (p: string): string => path.join(root, p);
    fs.mkdirSync(at('dist/workers'), { recursive: true });
    fs.mkdirSync(at('dist/src'), { recursive: true });
    for (const f of ['dist/workers/entry.js', 'dist/src/a.js']) fs.writeFileSync(at(f), '');
    const entry = pathToFileURL(at('dist/workers/entry.js'));
    const rootUrl = pathToFileURL(`${root}/`);
    assert.equal(workerFile(entry, rootUrl).href, entry.href, 'no bundle: the entry');
    fs.writeFileSync(at('dist/workers/entry.bundle.js'), '');
    assert.equal(workerFile(entry, rootUrl).href, entry.href, 'no metafile: the entry');
    fs.writeFileSync(at('dist/workers/entry.bundle.json'), JSON.stringify({ inputs: { 'dist/workers/entry.js': {}, 'dist/src/a.js': {} } }));
    const t = Date.now() / 1000;
    fs.utimesSync(at('dist/workers/entry.js'), t - 20, t - 20);
    fs.utimesSync(at('dist/src/a.js'), t - 20, t - 20);
    fs.utimesSync(at('dist/workers/entry.bundle.js'), t - 10, t - 10);
    assert.equal(workerFile(entry, rootUrl).href, pathToFileURL(at('dist/workers/entry.bundle.js')).href, 'fresh: the bundle');
    fs.utimesSync(at('dist/src/a.js'), t, t);
    assert.equal(workerFile(entry, rootUrl).href, entry.href, 'one input compiled again since: the entry');
    fs.utimesSync(at('dist/src/a.js'), t - 20, t - 20);
    fs.rmSync(at('dist/src/a.js'));
    assert.equal(workerFile(entry, rootUrl).href, entry.href, 'an input gone: the entry');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
