/** Scaffolding for the ingest tests: CSV files written into a throw-away directory, and a whole table read back as plain cells. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ColumnStore } from '../../src/data/column-store.js';
import { KindredError } from '../../src/errors/registry.js';

/**
 * A temporary directory that CSV files are written into, and its removal.
 *
 * @example
 * const files = csvDir(); after(files.remove);
 * const path = files.write('bom.csv', '\ufeffname\nAnn\n');
 */
export function csvDir(): { dir: string; write: (name: string, content: string | Uint8Array) => string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'kindred-ingest-'));
  return {
    dir,
    write: (name, content) => {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Every cell of a table, row by row (missing cells are null).
 *
 * @example
 * cellsOf(store); // [['Ann', '02134'], ['Bob', null]]
 */
export function cellsOf(store: ColumnStore): Array<Array<string | null>> {
  const rows: Array<Array<string | null>> = [];
  for (let r = 0; r < store.rowCount; r++) rows.push(store.names.map((_, c) => store.get(c, r)));
  return rows;
}

/**
 * An `assert.rejects` matcher for a KindredError with this code whose
 * message contains every given fragment.
 *
 * @example
 * await assert.rejects(ingestCsv(path, pool), kindredError('csv_invalid', 'line 3'));
 */
export function kindredError(code: string, ...fragments: string[]): (e: unknown) => boolean {
  return (e) => {
    if (!(e instanceof KindredError)) throw new Error(`expected a KindredError, got ${String(e)}`);
    if (e.code !== code) throw new Error(`expected code ${code}, got ${e.code}: ${e.message}`);
    for (const f of fragments) {
      if (!e.message.includes(f)) throw new Error(`expected the message to contain "${f}": ${e.message}`);
    }
    return true;
  };
}

/**
 * The message of the error a load of `path` fails with; a load that
 * succeeds fails the test.
 *
 * @example
 * assert.equal(await loadError(() => ingestCsv(path, pool, { parallelThreshold: 0 })), await loadError(() => ingestCsv(path, pool)));
 */
export async function loadError(load: () => Promise<unknown>): Promise<string> {
  try {
    await load();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected the load to fail');
}

/**
 * A random table of 1 to 5 columns whose rows are `cell`s, with whatever
 * else a property needs per table (`extra`, given the column count).
 *
 * @example
 * fc.asyncProperty(randomTable(cell, { maxLength: 400 }, () => ({ crlf: fc.boolean() })), async ({ columns, rows, crlf }) => …);
 */
export function randomTable<E extends Record<string, unknown>>(
  cell: fc.Arbitrary<string>,
  rows: { minLength?: number; maxLength: number },
  extra: (columns: number) => { [K in keyof E]: fc.Arbitrary<E[K]> },
): fc.Arbitrary<{ columns: number; rows: string[][] } & E> {
  return fc.integer({ min: 1, max: 5 }).chain((columns) =>
    fc.record({ columns: fc.constant(columns), rows: fc.array(fc.array(cell, { minLength: columns, maxLength: columns }), rows), ...extra(columns) }),
  ) as fc.Arbitrary<{ columns: number; rows: string[][] } & E>;
}
