/** Every DuckDB macro a printed script creates equals kindred's own transform or scorer bit for bit: the macros run in DuckDB on the seeded corpus of the warehouse functions and on random non-ASCII text. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import fc from 'fast-check';
import { duckdb } from '../../src/sql/dialects/duckdb.js';
import { DUCKDB_MACROS } from '../../src/sql/duckdb-macros/index.js';
import { boundArguments, WAREHOUSE_FUNCTIONS, warehouseFunction } from '../../src/sql/warehouse-functions.js';
import type { WarehouseFunction } from '../../src/sql/functions/warehouse-function.js';
import { inputs, kindred, label, specsOf } from './function-corpus.js';

// Code points from the blocks where NFKD, case mapping and the letter and number classes do most:
// Latin-1 and Latin Extended, IPA, combining marks, Greek, Cyrillic, letterlike symbols, Roman
// numerals, enclosed and fullwidth letters, mathematical letters and digits (astral), ligatures.
const BLOCKS: Array<[number, number]> = [[0x20, 0x7e], [0xa0, 0x24f], [0x250, 0x2af], [0x300, 0x36f], [0x370, 0x3ff], [0x400, 0x4ff], [0x1e00, 0x1eff], [0x2000, 0x206f], [0x2100, 0x218f], [0x2460, 0x24ff], [0x3000, 0x303f], [0xfb00, 0xfb06], [0xff00, 0xffef], [0x1d400, 0x1d7ff], [0x1f100, 0x1f1ff]];
const codePoint = fc.constantFrom(...BLOCKS).chain(([lo, hi]) => fc.integer({ min: lo, max: hi }));
const soup = fc.array(fc.oneof(codePoint.map((cp) => String.fromCodePoint(cp)), fc.constantFrom('ø', 'Ø', 'é', 'ß', 'İ', 'ı', '\u212a', ' ', '  ', '\t', '7', '-', '.', ',', "'", 'A', 'b', 'Sch', 'ph', 'Dr.', 'Mr', 'KT')), { minLength: 0, maxLength: 12 }).map((p) => p.join(''));
const soupValues = fc.sample(soup, { numRuns: 3000, seed: 37 });
const soupPairs: Array<[string, string]> = fc.sample(fc.tuple(soup, soup), { numRuns: 1500, seed: 41 });

let connection: DuckDBConnection;
before(async () => {
  connection = await (await DuckDBInstance.create(':memory:', { threads: '1' })).connect();
});
after(() => connection.closeSync());

/** Creates a form's macros (helpers first) in the connection, as a script does. */
async function createMacros(key: string): Promise<string> {
  const created = warehouseFunction('duckdb', key);
  assert.ok(created !== null, key);
  for (const h of created.requires ?? []) await connection.run(h.create(h.name));
  await connection.run(created.create(created.name));
  return created.name;
}

/** The macro's value on every row of inputs (one query: the inputs are appended to a table first). */
async function run(name: string, f: WarehouseFunction, spec: string, rows: string[][]): Promise<Array<string | number | null>> {
  await connection.run('CREATE OR REPLACE TABLE inputs (i INTEGER, a VARCHAR, b VARCHAR)');
  const appender = await connection.createAppender('inputs');
  rows.forEach((args, i) => {
    appender.appendInteger(i);
    appender.appendVarchar(args[0]);
    if (args.length > 1) appender.appendVarchar(args[1]);
    else appender.appendNull();
    appender.endRow();
  });
  appender.closeSync();
  const call = [...(f.kind === 'scorer' ? ['a', 'b'] : ['a']), ...boundArguments(f, spec, duckdb.str, duckdb.num)].join(', ');
  // The client drops a leading U+FEFF from text it reads (a byte-order mark to its decoder), so text
  // comes back behind a '>' and the inputs' lengths are checked as DuckDB stored them.
  const value = f.kind === 'scorer' ? `${name}(${call})` : `'>' || ${name}(${call})`;
  const result = await connection.runAndReadAll(`SELECT ${value}, length(a), length(b) FROM inputs ORDER BY i`);
  return result.getRows().map((r, i) => {
    assert.deepEqual([Number(r[1]), r[2] === null ? null : Number(r[2])], [[...rows[i][0]].length, rows[i].length > 1 ? [...rows[i][1]].length : null]);
    return typeof r[0] === 'string' ? r[0].slice(1) : (r[0] as number | null);
  });
}

for (const key of DUCKDB_MACROS.keys()) {
  const f = WAREHOUSE_FUNCTIONS.get(key) as WarehouseFunction;
  test(`the DuckDB macro kindred_${key} equals kindred on the corpus and on random non-ASCII text`, async () => {
    const name = await createMacros(key);
    const textRows = f.kind === 'scorer' ? soupPairs : soupValues.map((v) => [v]);
    const corpus = [...inputs(f), ...textRows];
    for (const spec of specsOf(f)) {
      const mine = kindred(f, spec);
      const got = await run(name, f, spec, corpus);
      corpus.forEach((args, i) => assert.equal(got[i], mine(...args), label(spec, args)));
    }
  });
}

test('every DuckDB macro is a warehouse function of the same name', () => {
  for (const key of DUCKDB_MACROS.keys()) assert.ok(WAREHOUSE_FUNCTIONS.has(key), key);
});
