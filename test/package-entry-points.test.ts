/** Every entry point package.json promises (bin, exports) exists after the build and loads. */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { bin: Record<string, string>; exports: Record<string, string> };

test('each exports target is a built module that imports', async () => {
  assert.ok(Object.keys(pkg.exports).length > 0);
  for (const [entry, target] of Object.entries(pkg.exports)) {
    assert.ok(existsSync(`${ROOT}${target}`), `${entry} → ${target} does not exist`);
    await import(`${ROOT}${target}`);
  }
});

test('kindred/client exports the client and its error', async () => {
  const client = (await import(`${ROOT}${pkg.exports['./client']}`)) as Record<string, unknown>;
  assert.equal(typeof client.KindredClient, 'function');
  assert.equal(typeof client.KindredError, 'function');
});

test('each bin target exists', () => {
  for (const [name, target] of Object.entries(pkg.bin)) assert.ok(existsSync(`${ROOT}${target}`), `${name} → ${target}`);
});
