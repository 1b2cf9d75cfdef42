/** A per-code-point mapping built from the running Node's Unicode data (NFKD, case mapping), spelled as a DuckDB lookup. */
import { standardString } from '../dialect.js';

/** The code points (at or above U+0080) a mapping sends somewhere other than its default, and where. */
export interface CodePointTable {
  codes: readonly number[];
  values: readonly string[];
}

/**
 * Every code point from U+0080 up (surrogates aside) that `map` sends to a
 * string (null: the caller's default). Scanning all of Unicode takes some
 * 0.2 s, so callers build a table once, when a script needs it; built from
 * the same Node that runs kindred's transform, it equals that transform's
 * case mapping and decomposition on every code point.
 *
 * @example
 * codePointTable((cp) => (cp === 0xe9 ? 'E.' : null)); // { codes: [233], values: ['E.'] }
 */
export function codePointTable(map: (cp: number) => string | null): CodePointTable {
  const codes: number[] = [];
  const values: string[] = [];
  for (let cp = 0x80; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const v = map(cp);
    if (v === null) continue;
    codes.push(cp);
    values.push(v);
  }
  return { codes, values };
}

/**
 * SQL for the table's value of the one-character string `ch` (an
 * expression), `fallback` when its code point is not in the table. The
 * table is written as two literal lists, code points as integers so the
 * printed script stays ASCII.
 *
 * @example
 * lookupSql({ codes: [233], values: ['E.'] }, 'ch', "'.'"); // "coalesce(['E.'][list_position([233], unicode(ch))], '.')"
 */
export function lookupSql(table: CodePointTable, ch: string, fallback: string): string {
  // A list indexed by NULL (no position) is NULL, so the fallback covers code points outside the table.
  return `coalesce([${table.values.map(standardString).join(', ')}][list_position([${table.codes.join(', ')}], unicode(${ch}))], ${fallback})`;
}
