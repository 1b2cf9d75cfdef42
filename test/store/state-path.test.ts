/** State database naming and the file and record fingerprints it relies on. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fingerprintFile, fingerprintRecord, statePath } from '../../src/store/state-path.js';
import { KindredError } from '../../src/errors/registry.js';
import { tempDir } from './fixtures/temp-state.js';

const tmp = tempDir();
after(tmp.remove);
const FP = 'a3f1c2d4e5b6978812ab34cd56ef7890a3f1c2d4e5b6978812ab34cd56ef7890';

test('statePath is <dir>/<stem>-<8 hex of the absolute path>-<16 hex of the fingerprint>.sqlite', () => {
  const pathHex = (p: string): string => createHash('sha256').update(resolve(p), 'utf8').digest('hex').slice(0, 8);
  assert.equal(statePath('.kindred', '/data/people.csv', FP), join('.kindred', `people-${pathHex('/data/people.csv')}-a3f1c2d4e5b69788.sqlite`));
  assert.equal(statePath('/s', 'archive.tar.csv', FP.toUpperCase()), join('/s', `archive.tar-${pathHex('archive.tar.csv')}-a3f1c2d4e5b69788.sqlite`));
  assert.equal(statePath('/s', 'noext', FP), join('/s', `noext-${pathHex('noext')}-a3f1c2d4e5b69788.sqlite`));
  assert.equal(statePath('/s', 'my data/ünï code.csv', FP), join('/s', `_n__code-${pathHex('my data/ünï code.csv')}-a3f1c2d4e5b69788.sqlite`));
  // The same file name in two folders, or the same path with other contents, never share a database.
  assert.notEqual(statePath('/s', '/a/people.csv', FP), statePath('/s', '/b/people.csv', FP));
  assert.notEqual(statePath('/s', 'a.csv', FP), statePath('/s', 'a.csv', 'b' + FP.slice(1)));
  // A relative path names the same database as its absolute form.
  assert.equal(statePath('/s', 'people.csv', FP), statePath('/s', resolve('people.csv'), FP));
  assert.throws(() => statePath('/s', 'a.csv', 'xyz'), (e: unknown) => e instanceof KindredError);
  assert.throws(() => statePath('/s', 'a.csv', 'abcdef'), (e: unknown) => e instanceof KindredError);
});

test('fingerprintFile is the SHA-256 of the bytes, also for files larger than one stream chunk', async () => {
  const file = join(tmp.dir, 'big.csv');
  const bytes = Buffer.alloc(200_000 + 17, 0);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) & 0xff;
  writeFileSync(file, bytes);
  assert.equal(await fingerprintFile(file), createHash('sha256').update(bytes).digest('hex'));
  await assert.rejects(fingerprintFile(join(tmp.dir, 'missing.csv')), /ENOENT/);
});

test('fingerprintRecord separates null from "", respects order and cell boundaries', () => {
  const fp = fingerprintRecord(['Jon Smith', '10001']);
  assert.match(fp, /^[0-9a-f]{16}$/);
  assert.equal(fingerprintRecord(['Jon Smith', '10001']), fp, 'deterministic');
  assert.notEqual(fingerprintRecord(['10001', 'Jon Smith']), fp);
  assert.notEqual(fingerprintRecord(['Jon Smith', null]), fingerprintRecord(['Jon Smith', '']));
  assert.notEqual(fingerprintRecord(['ab', 'c']), fingerprintRecord(['a', 'bc']));
  assert.notEqual(fingerprintRecord(['a']), fingerprintRecord(['a', null]));
  assert.notEqual(fingerprintRecord([]), fingerprintRecord([null]));
  assert.notEqual(fingerprintRecord(['é']), fingerprintRecord(['e\u0301']), 'bytes, not normalised text');
});
