/** Reading a file several pieces at a time gives its exact bytes, reports a growing prefix of them as it goes, and refuses a file that shrinks while read. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { readIntoSharedMemory } from '../../src/data/read-shared.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-read-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

test('any file, any piece size, any number of reads in flight: the same bytes, and a prefix that grows to the whole file', async () => {
  let n = 0;
  await fc.assert(
    fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 5_000 }), fc.integer({ min: 1, max: 700 }), fc.integer({ min: 1, max: 6 }), async (bytes, piece, inFlight) => {
      const file = path.join(dir, `f${n++}.bin`);
      fs.writeFileSync(file, bytes);
      const seen: number[] = [];
      const shared = await readIntoSharedMemory(file, (s, available) => {
        assert.equal(s.byteLength, bytes.length);
        // Every byte reported in is already the file's own.
        assert.deepEqual(new Uint8Array(s, 0, available), bytes.subarray(0, available));
        seen.push(available);
      }, piece, inFlight);
      assert.deepEqual(new Uint8Array(shared), bytes);
      assert.equal(seen.at(-1), bytes.length);
      for (let i = 0; i < seen.length; i++) {
        assert.ok(i === 0 || seen[i] > seen[i - 1], `prefix went from ${seen[i - 1]} to ${seen[i]}`);
        assert.ok(seen[i] === bytes.length || seen[i] % piece === 0, `prefix ${seen[i]} is not a whole number of pieces`);
      }
      fs.rmSync(file);
    }),
    { numRuns: 150 },
  );
});

test('an empty file is an empty buffer, and nothing is reported', async () => {
  const file = path.join(dir, 'empty.csv');
  fs.writeFileSync(file, '');
  const seen: number[] = [];
  const shared = await readIntoSharedMemory(file, (_s, available) => seen.push(available));
  assert.equal(shared.byteLength, 0);
  assert.deepEqual(seen, []);
});

test('a missing file is file_not_found, naming it', async () => {
  const file = path.join(dir, 'absent.csv');
  await assert.rejects(readIntoSharedMemory(file), (e: Error & { code?: string }) => e.code === 'file_not_found' && e.message.includes(file));
});

test('a directory is csv_invalid, naming it, not an error from the system', async () => {
  await assert.rejects(readIntoSharedMemory(dir), (e: Error & { code?: string }) => e.code === 'csv_invalid' && e.message === `${dir}: is a directory, not a file`);
});

test('a file cut short while it is read is an error, not a buffer padded with zeros', async () => {
  const file = path.join(dir, 'shrinks.csv');
  fs.writeFileSync(file, 'a,b\n'.repeat(25));
  // One read at a time: the cut lands after the first piece, before the rest is read.
  const read = readIntoSharedMemory(file, (_s, available) => {
    if (available === 10) fs.truncateSync(file, 35);
  }, 10, 1);
  await assert.rejects(read, (e: Error & { code?: string }) => e.code === 'csv_invalid' && /became shorter while it was read \(100 bytes when opened\)/.test(e.message) && e.message.includes(file));
});

test('a file that grows while it is read is an error too, not a table cut in a row', async () => {
  const file = path.join(dir, 'grows.csv');
  fs.writeFileSync(file, 'a,b\n'.repeat(25));
  const read = readIntoSharedMemory(file, (_s, available) => {
    if (available === 10) fs.appendFileSync(file, 'c,d\n');
  }, 10, 1);
  await assert.rejects(read, (e: Error & { code?: string }) => e.code === 'csv_invalid' && /size or modification time changed while it was read \(100 bytes when opened, 104 now\)/.test(e.message));
});

test('after a failure the listener hears nothing more, and the failure reaches the caller', async () => {
  const file = path.join(dir, 'listener.csv');
  fs.writeFileSync(file, 'x'.repeat(1_000));
  let calls = 0;
  const read = readIntoSharedMemory(file, () => {
    calls++;
    if (calls === 1) throw new Error('listener failed');
  }, 10, 3);
  await assert.rejects(read, /listener failed/);
  assert.equal(calls, 1);
});

test('piece sizes and reads in flight that are not whole numbers of at least one are refused', async () => {
  const file = path.join(dir, 'args.csv');
  fs.writeFileSync(file, 'a\n');
  for (const [piece, lanes] of [[0, 4], [1.5, 4], [8, 0], [8, Number.NaN]]) {
    await assert.rejects(readIntoSharedMemory(file, undefined, piece, lanes), (e: Error & { code?: string }) => e.code === 'internal' && /whole numbers/.test(e.message));
  }
});
