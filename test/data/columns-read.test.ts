/** A load told which columns to keep stores only those, with the cells, rows, errors and lines of a full load. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { ingestCsv } from '../../src/data/ingest.js';
import { loadTables } from '../../src/data/load-tables.js';
import { WorkerPool } from '../../src/engine/worker-pool.js';
import { cellsOf, csvDir, loadError, randomTable } from './csv-fixture.js';

const pool = new WorkerPool({ workers: 2 });
const files = csvDir();
after(async () => {
  files.remove();
  await pool.close();
});

const cell = fc.oneof(fc.constantFrom('', 'Zoë', '007', 'a b', 'x,y', 'say "hi"', 'two\nlines'), fc.stringMatching(/^[a-z0-9]{1,8}$/));
const quoteCell = (v: string): string => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

test('property: the kept columns hold the cells of a full load, in file order, with or without quotes, in one chunk or many', async () => {
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(
      randomTable(cell, { minLength: 1, maxLength: 200 }, (columns) => ({
        keep: fc.array(fc.boolean(), { minLength: columns, maxLength: columns }),
        crlf: fc.boolean(),
        chunked: fc.boolean(),
      })),
      async ({ columns, rows, keep, crlf, chunked }) => {
        const names = Array.from({ length: columns }, (_, c) => `c${c}`);
        // A one-column row whose only cell is empty would be a blank line.
        const kept = columns === 1 ? rows.filter((r) => r[0] !== '') : rows;
        const nl = crlf ? '\r\n' : '\n';
        const path = files.write(`read-${runs++}.csv`, [names.join(','), ...kept.map((r) => r.map(quoteCell).join(','))].join(nl) + nl);
        const parallelThreshold = chunked ? 0 : Number.POSITIVE_INFINITY;
        const only = new Set([...names.filter((_, c) => keep[c]), 'not_a_column']);
        const [full, some] = await Promise.all([ingestCsv(path, pool, { parallelThreshold }), ingestCsv(path, pool, { parallelThreshold, only })]);
        assert.deepEqual(some.header, names);
        assert.deepEqual(some.store.names, names.filter((_, c) => keep[c]));
        assert.equal(some.store.rowCount, full.store.rowCount);
        const picked = cellsOf(full.store).map((r) => r.filter((_, c) => keep[c]));
        assert.deepEqual(cellsOf(some.store), picked);
      },
    ),
    { numRuns: 60 },
  );
});

test('a ragged row is the same error, at the same line, whether its extra cell is in a kept column or not', async () => {
  const body = Array.from({ length: 3000 }, (_, i) => `a${i},b${i},c${i}`);
  body[2500] = 'a,b,c,d';
  const path = files.write('ragged.csv', ['x,y,z', ...body].join('\n') + '\n');
  const full = await loadError(() => ingestCsv(path, pool, { parallelThreshold: 0 }));
  assert.match(full, /line 2502: expected 3 cells/);
  assert.equal(await loadError(() => ingestCsv(path, pool, { parallelThreshold: 0, only: new Set(['x']) })), full);
  assert.equal(await loadError(() => ingestCsv(path, pool, { parallelThreshold: Number.POSITIVE_INFINITY, only: new Set(['z']) })), full);
  // Lenient: the same rows are skipped.
  const lenient = await ingestCsv(path, pool, { parallelThreshold: 0, lenient: true, only: new Set(['y']) });
  assert.equal(lenient.skippedRows, 1);
  assert.equal(lenient.store.rowCount, 2999);
  assert.equal(lenient.store.get(0, 2500), 'b2501');
});

test('loadTables reads part of one file only: the known columns are the header, and two files are read whole', async () => {
  const a = files.write('a.csv', 'id,name,city\n1,Ann,Oslo\n2,Bob,Rome\n');
  const b = files.write('b.csv', 'id,name,city\n3,Ann,Oslo\n');
  const one = await loadTables([a], pool, { only: new Set(['name']) });
  assert.deepEqual(one.store.names, ['name']);
  assert.deepEqual(one.knownColumns, ['id', 'name', 'city']);
  const two = await loadTables([a, b], pool, { only: new Set(['name']) });
  assert.ok(two.store.names.includes('city') && two.store.names.includes('id'), two.store.names.join(','));
});

test('the columns of a file without quotes share the file\'s buffer when they fill at least half of it, and a buffer of their own size when fewer are read', async () => {
  const body = Array.from({ length: 2000 }, (_, i) => `${i},name${i % 97},${'x'.repeat(40)}`);
  const path = files.write('share.csv', ['id,name,pad', ...body].join('\n') + '\n');
  const size = Buffer.byteLength(['id,name,pad', ...body].join('\n') + '\n');
  const all = await ingestCsv(path, pool, { parallelThreshold: 0 });
  assert.equal(all.countedBy, 'lines');
  for (const h of all.store.handle.columns) assert.equal(h.bytes.byteLength, size, 'every column in the file\'s buffer');
  const few = await ingestCsv(path, pool, { parallelThreshold: 0, only: new Set(['name']) });
  const nameBytes = body.reduce((s, line) => s + line.split(',')[1].length, 0);
  assert.equal(few.store.handle.columns[0].bytes.byteLength, nameBytes, 'the one column read in a buffer of its size');
  assert.deepEqual(cellsOf(few.store), cellsOf(all.store).map((r) => [r[1]]));
});
