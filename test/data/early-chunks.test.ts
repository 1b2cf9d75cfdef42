/** Counting chunks while the file is still being read changes nothing: the same split points as lineSplitPoints over the whole file, the same counts, however the bytes arrive. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { lineSplitPoints } from '../../src/data/csv-bytes.js';
import { EarlyChunks } from '../../src/data/early-chunks.js';
import { countChunk } from '../../src/data/ingest-tasks.js';
import { WorkerPool } from '../../src/engine/worker-pool.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

// Records of short cells (CRLF now and then, a blank line, a quote inside a cell but never at a cell's start), after a quote-free header.
const cellText = fc.array(fc.constantFrom('a', 'b', '7', ' ', 'é', '"'), { maxLength: 5 }).map((cs) => cs.join('')).filter((c) => !c.startsWith('"'));
const record = fc.tuple(fc.array(cellText, { minLength: 1, maxLength: 4 }), fc.constantFrom('\n', '\n', '\r\n', '\n\n'));
const file = fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 4 }), fc.array(record, { maxLength: 120 }), fc.boolean()).map(([bom, columns, records, lastNewline]) => {
  const header = Array.from({ length: columns }, (_, c) => `c${c}`).join(',');
  let text = `${bom ? '\ufeff' : ''}${header}\n${records.map(([cells, nl]) => cells.join(',') + nl).join('')}`;
  if (!lastNewline) text = text.replace(/\n$/, '');
  return { bytes: Buffer.from(text, 'utf8'), columns };
});

function shared(bytes: Buffer): SharedArrayBuffer {
  const s = new SharedArrayBuffer(Math.max(1, bytes.length));
  new Uint8Array(s).set(bytes);
  return s;
}

test('chunks found and counted as the bytes arrive are those of the whole-file split, with the same counts', async () => {
  await fc.assert(
    fc.asyncProperty(file, fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 30 }), async ({ bytes, columns }, steps) => {
      const file = shared(bytes);
      const early = new EarlyChunks(file, { pool, parallelThreshold: 0, parts: pool.size * 4, lenient: true });
      // The bytes arrive in pieces of the drawn sizes (the last piece ends the file).
      let available = 0;
      for (const step of steps) {
        available = Math.min(bytes.length, available + step);
        early.advance(available);
      }
      if (available < bytes.length) early.advance(bytes.length);
      const bodyStart = bytes.indexOf(0x0a) + 1;
      if (bodyStart === 0) {
        // A header line without a line feed: nothing to start early.
        assert.equal(early.complete(columns), false);
        assert.equal(early.tasks.length, 0);
        return;
      }
      assert.ok(early.complete(columns));
      assert.deepEqual(early.points, lineSplitPoints(bytes, bodyStart, bytes.length, pool.size * 4));
      const counts = await Promise.all(early.tasks);
      const points = early.points;
      for (let k = 0; k + 1 < points.length; k++) {
        assert.deepEqual(counts[k], countChunk({ file, start: points[k], end: points[k + 1], columns, lenient: true }));
      }
    }),
    { numRuns: 150, seed: 21 },
  );
});

test('a header with a quote, or a body under the parallel threshold, is left to the whole-file path', () => {
  const quoted = shared(Buffer.from('"a",b\n1,2\n3,4\n'));
  const a = new EarlyChunks(quoted, { pool, parallelThreshold: 0, parts: pool.size * 4, lenient: false });
  a.advance(quoted.byteLength);
  assert.equal(a.complete(2), false);
  assert.equal(a.tasks.length, 0);
  const small = shared(Buffer.from('a,b\n1,2\n3,4\n'));
  const b = new EarlyChunks(small, { pool, parallelThreshold: 1 << 20, parts: pool.size * 4, lenient: false });
  b.advance(small.byteLength);
  assert.equal(b.complete(2), false);
  assert.equal(b.tasks.length, 0);
});
