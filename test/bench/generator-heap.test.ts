import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { GENERATOR_SEMI_SPACE_MB } from '../../bench/lib/generator-heap.js';

const moduleUrl = pathToFileURL(join(import.meta.dirname, '../../bench/lib/generator-heap.js')).href;

/** A script that goes on only with the larger young generation, and says what it runs with. */
function script(dir: string): string {
  const file = join(dir, 'probe.mjs');
  writeFileSync(
    file,
    `import { withGeneratorHeap } from ${JSON.stringify(moduleUrl)};
const code = await withGeneratorHeap();
if (code !== null) process.exit(code);
console.log(JSON.stringify({ execArgv: process.execArgv, args: process.argv.slice(2) }));
process.exit(Number(process.argv[2] ?? 0));`,
  );
  return file;
}

test('a bench started without the flag runs again in a child with the larger young generation, its arguments and exit code kept', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kindred-generator-heap-'));
  try {
    const r = spawnSync(process.execPath, [script(dir), '3', '--only', 'living'], { encoding: 'utf8' });
    assert.equal(r.status, 3);
    const seen = JSON.parse(r.stdout) as { execArgv: string[]; args: string[] };
    assert.ok(seen.execArgv.includes(`--max-semi-space-size=${GENERATOR_SEMI_SPACE_MB}`), r.stdout);
    assert.deepEqual(seen.args, ['3', '--only', 'living']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a bench started with the flag goes on in its own process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kindred-generator-heap-'));
  try {
    const r = spawnSync(process.execPath, ['--max-semi-space-size=32', script(dir), '0'], { encoding: 'utf8' });
    assert.equal(r.status, 0);
    const seen = JSON.parse(r.stdout) as { execArgv: string[] };
    assert.deepEqual(seen.execArgv, ['--max-semi-space-size=32']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
