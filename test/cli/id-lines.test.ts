/** The byte encoder of `row_id → cluster_id` lines writes exactly what building one string per row would. */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import fc from 'fast-check';
import { idLineChunks, writeDecimal, type IdLineShape } from '../../src/cli/id-lines.js';
import { writeClusters } from '../../src/cli/write-clusters.js';

const CSV: IdLineShape = { before: '', between: ',', after: '\n', separator: '' };
const JSON_SHAPE: IdLineShape = { before: '{"row_id":', between: ',"cluster_id":', after: '}', separator: ',\n' };

function plain(clusterOf: ArrayLike<number>, shape: IdLineShape): string {
  const lines: string[] = [];
  for (let r = 0; r < clusterOf.length; r++) if (clusterOf[r] >= 0) lines.push(`${shape.before}${r}${shape.between}${clusterOf[r]}${shape.after}`);
  return lines.join(shape.separator);
}

function encoded(clusterOf: ArrayLike<number>, shape: IdLineShape): string {
  return Buffer.concat([...idLineChunks(clusterOf, shape)]).toString('latin1');
}

test('writeDecimal: test vectors, every digit count and the ends of the range', () => {
  const buf = new Uint8Array(16);
  for (const v of [0, 7, 9, 10, 99, 100, 101, 999, 1000, 65535, 99999, 100000, 999999999, 1000000000, 2147483647, 4294967295]) {
    const end = writeDecimal(buf, 3, v);
    assert.equal(Buffer.from(buf.subarray(3, end)).toString('latin1'), String(v));
  }
});

test('property: CSV and JSON lines equal the per-row strings, deleted rows (−1) skipped', () => {
  const cluster = fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 1000 }));
  fc.assert(
    fc.property(fc.array(cluster, { maxLength: 300 }), (values) => {
      const clusterOf = Int32Array.from(values);
      assert.equal(encoded(clusterOf, CSV), plain(clusterOf, CSV));
      assert.equal(encoded(clusterOf, JSON_SHAPE), plain(clusterOf, JSON_SHAPE));
    }),
  );
});

test('property: rows labelled by themselves or an earlier row, across the digit counts of the row ids (the counted row digits, copied for a singleton)', () => {
  // Real runs: a cluster id is the smallest member, so often the row itself; lengths cross 10, 100 and 1,000 rows.
  const table = fc.integer({ min: 0, max: 2_500 }).chain((n) =>
    fc.array(fc.oneof(fc.constant(0), fc.constant(1), fc.constant(2), fc.constant(3)), { minLength: n, maxLength: n }),
  );
  fc.assert(
    fc.property(table, (kinds) => {
      const clusterOf = Int32Array.from(kinds, (k, r) => (k === 0 ? -1 : k === 1 ? r : k === 2 ? r >> 1 : 0));
      assert.equal(encoded(clusterOf, CSV), plain(clusterOf, CSV));
      assert.equal(encoded(clusterOf, JSON_SHAPE), plain(clusterOf, JSON_SHAPE));
    }),
    { numRuns: 300 },
  );
});

test('a table larger than one chunk is split at row boundaries and loses nothing', () => {
  const n = 200_000;
  const clusterOf = new Int32Array(n);
  for (let r = 0; r < n; r++) clusterOf[r] = r % 7 === 3 ? -1 : r - (r % 5);
  // A long run of deleted rows: the row digits still count every row.
  clusterOf.fill(-1, 50_000, 150_000);
  const chunks = [...idLineChunks(clusterOf, CSV)];
  assert.ok(chunks.length > 1, `${chunks.length} chunk(s)`);
  for (const c of chunks) assert.equal(c[c.length - 1], 0x0a, 'every chunk ends with a whole line');
  assert.equal(Buffer.concat(chunks).toString('latin1'), plain(clusterOf, CSV));
});

async function written(clusterOf: Int32Array, format: 'csv' | 'json'): Promise<string> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (b: Buffer) => parts.push(b));
  await writeClusters(out, clusterOf, { format, records: null });
  out.end();
  return Buffer.concat(parts).toString('utf8');
}

test('writeClusters without records: the CSV header and the JSON array around the lines, empty tables included', async () => {
  const clusterOf = Int32Array.of(0, 0, -1, 3, 0);
  assert.equal(await written(clusterOf, 'csv'), 'row_id,cluster_id\n0,0\n1,0\n3,3\n4,0\n');
  const json = await written(clusterOf, 'json');
  assert.deepEqual(JSON.parse(json), [
    { row_id: 0, cluster_id: 0 },
    { row_id: 1, cluster_id: 0 },
    { row_id: 3, cluster_id: 3 },
    { row_id: 4, cluster_id: 0 },
  ]);
  assert.equal(json, '[\n{"row_id":0,"cluster_id":0},\n{"row_id":1,"cluster_id":0},\n{"row_id":3,"cluster_id":3},\n{"row_id":4,"cluster_id":0}\n]\n');
  assert.equal(await written(Int32Array.of(-1, -1), 'json'), '[\n]\n');
  assert.equal(await written(new Int32Array(0), 'csv'), 'row_id,cluster_id\n');
});
