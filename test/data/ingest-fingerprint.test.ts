/** Ingest can hash the bytes it loaded on a pool thread: the digest equals the file's SHA-256, BOM included, for one chunk and many. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { after, test } from 'node:test';
import { ingestCsv } from '../../src/data/ingest.js';
import { WorkerPool } from '../../src/engine/worker-pool.js';
import { fingerprintBytes, fingerprintFile } from '../../src/store/fingerprint.js';
import { csvDir } from './csv-fixture.js';

const pool = new WorkerPool({ workers: 2 });
const files = csvDir();
after(async () => {
  files.remove();
  await pool.close();
});

const sha256 = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

test('fingerprint: true gives the SHA-256 of the whole file, BOM included; without it the field is null', async () => {
  const path = files.write('bom.csv', '\ufeffname,zip\nAnn,02134\nBob,\n');
  const hashed = await ingestCsv(path, pool, { fingerprint: true });
  assert.equal(hashed.fingerprint, sha256(path));
  assert.equal(hashed.fingerprint, await fingerprintFile(path), 'the same name as a state database opened from the file');
  assert.equal(hashed.store.rowCount, 2);
  assert.equal((await ingestCsv(path, pool)).fingerprint, null);
});

test('a file parsed in many chunks is hashed whole, and a different byte gives a different digest', async () => {
  const rows = Array.from({ length: 30_000 }, (_, i) => `${i},name ${i},${String(i % 1000).padStart(5, '0')}`);
  const path = files.write('big.csv', `id,name,zip\n${rows.join('\n')}\n`);
  const first = await ingestCsv(path, pool, { fingerprint: true, parallelThreshold: 1024 });
  assert.equal(first.fingerprint, sha256(path));
  writeFileSync(path, `id,name,zip\n${rows.join('\n').replace('name 17,', 'name 18,')}\n`);
  const second = await ingestCsv(path, pool, { fingerprint: true, parallelThreshold: 1024 });
  assert.equal(second.fingerprint, sha256(path));
  assert.notEqual(second.fingerprint, first.fingerprint);
});

test('fingerprintBytes hashes a shared buffer exactly like the file it was read from', async () => {
  const path = files.write('plain.csv', 'a,b\n1,2\n');
  const bytes = readFileSync(path);
  const shared = new SharedArrayBuffer(bytes.length);
  new Uint8Array(shared).set(bytes);
  assert.equal(fingerprintBytes({ file: shared }), await fingerprintFile(path));
});

test('a parse error is reported as such even while the hash runs', async () => {
  const path = files.write('ragged.csv', 'a,b\n1,2\n3\n');
  await assert.rejects(ingestCsv(path, pool, { fingerprint: true }), /line 3: expected 2 cells/);
});
