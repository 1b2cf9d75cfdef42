/** Profiles the user's columns on a deterministic sample: null rate, distinctness, lengths and the kind of values. */
import type { ColumnStore } from '../data/column-store.js';
import { LIST_CONJUNCTIONS } from '../engine/scorers/monge-elkan.js';
import { codeToken } from '../engine/transforms/code-token.js';

/** What a column's values look like. */
export type ValueKind = 'email' | 'date' | 'identifier' | 'code' | 'category' | 'name' | 'text' | 'long_text' | 'number';

/** The profile of one column. */
export interface ColumnProfile {
  column: string;
  kind: ValueKind;
  nullRate: number;
  /** Distinct non-missing values ÷ non-missing values, on the sample. */
  distinctRatio: number;
  distinct: number;
  avgLength: number;
  avgTokens: number;
  /** Largest share of the non-missing sample holding one value. */
  topShare: number;
  /** Σ share² over the values: the chance that two random non-missing rows hold the same (case-folded) value. */
  collision: number;
  /** Share of the non-missing sample holding a model or part code among its words ({@link codeToken}). */
  codeShare: number;
  /** Share of the non-missing sample that is a list of two or more person names ({@link isNameList}). */
  nameListShare: number;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const DATE = /^(\d{8}|\d{4}[-/]\d{1,2}[-/]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})$/;
const DIGITS = /^[\d\s()+.-]+$/;
/** One token of letters and digits mixed (a model number, a reference): compared and blocked whole, like digits. */
const ALNUM_CODE = /^(?=[^\s]*\d)(?=[^\s]*\p{L})[\p{L}\d./-]{3,}$/u;
/**
 * The same code printed in groups (a postcode `SW1A 1AA`, `K1A 0B1`): two or
 * three groups, each holding a digit, letters among them. A digit in every
 * group keeps out addresses and dates (`12 Main St`, `3 May 1990`), whose
 * words have none.
 */
const GROUPED_CODE = /^(?=.*\p{L})[\p{L}./-]*\d[\p{L}\d./-]*(\s+[\p{L}./-]*\d[\p{L}\d./-]*){1,2}$/u;
const NUMBER = /^-?\$?\d{1,3}(,?\d{3})*(\.\d+)?$/;
/** A number with a fractional part: an amount or a measurement, never a code. */
const DECIMAL = /\d\.\d+$/;

/** A text column at least this share of whose values carry a model or part code is a product listing. */
const CODE_SHARE = 0.5;

/**
 * True for a text column whose values mostly carry a model or part code
 * among their words (product names and titles): two listings of one item
 * word it differently but print the same code, so the code is blocked on
 * and compared on its own.
 *
 * @example
 * carriesCodes({ kind: 'text', codeShare: 0.88 } as ColumnProfile); // true
 */
export function carriesCodes(p: ColumnProfile): boolean {
  return p.kind === 'text' && p.codeShare >= CODE_SHARE;
}

/** A text column at least this share of whose values are lists of person names is an author (or inventor, cast…) list. */
const NAME_LIST_SHARE = 0.5;

/** Where a list of names splits: punctuation, `&` and the conjunctions `monge_elkan` leaves out of the names. */
// Conjunctions as whole words by Unicode letters, not by \b (ASCII): "Andō" must not split at its "and".
const LIST_SEPARATOR = new RegExp(`[,;&]|${[...LIST_CONJUNCTIONS].map((w) => `(?<![\\p{L}\\p{M}\\p{N}])${w}(?![\\p{L}\\p{M}\\p{N}])`).join('|')}`, 'iu');

/** One name of a list: two to four words of letters (initials with their dot count), no digits. */
const LIST_NAME = /^(?:[\p{L}\p{M}'’-]+\.?\s+){1,3}[\p{L}\p{M}'’-]+\.?$/u;

/**
 * Whether a value is a list of two or more person names: split at commas,
 * semicolons, `&` and the word "and", at least 80% of the parts are a name
 * of two to four words without digits. `p. auer, n. cesa-bianchi, and r. e.
 * schapire` and `Sanjay Agrawal, Surajit Chaudhuri` are; `los alamitos, ca`
 * (a place, one part a single word) and `Nikon D3100, 14.2 MP` are not.
 *
 * @example
 * isNameList('p. auer, n. cesa-bianchi, and r. e. schapire,'); // true
 * isNameList('los alamitos, ca:');                             // false
 */
export function isNameList(value: string): boolean {
  const parts = value
    .normalize('NFC')
    .split(LIST_SEPARATOR)
    .map((p) => p.trim().replace(/[:.]+$/u, (m) => (m.startsWith('.') ? '.' : '')))
    .filter((p) => p !== '');
  if (parts.length < 2) return false;
  const names = parts.filter((p) => LIST_NAME.test(p)).length;
  return names >= 0.8 * parts.length;
}

/**
 * True for a text column whose values are mostly lists of person names:
 * compared word by word with `monge_elkan`, so `schapire, r.` meets
 * `r. e. schapire` and a misspelt surname still counts.
 *
 * @example
 * holdsNameLists({ kind: 'text', nameListShare: 0.87 } as ColumnProfile); // true
 */
export function holdsNameLists(p: ColumnProfile): boolean {
  return p.kind === 'text' && p.nameListShare >= NAME_LIST_SHARE;
}

/** A numeric column more than this share of whose values have a fractional part is an amount. */
const DECIMAL_SHARE = 0.3;

/** Rows of a deterministic sample: every k-th row, at most `size`. */
export function sampleRows(rowCount: number, size: number): number[] {
  if (rowCount <= size) return Array.from({ length: rowCount }, (_, i) => i);
  const step = rowCount / size;
  return Array.from({ length: size }, (_, i) => Math.floor(i * step));
}

/**
 * Profiles every column not in `exclude` on up to `sampleSize` rows.
 *
 * @example
 * profileColumns(store, ['rec_id']).map((p) => [p.column, p.kind]); // [['surname', 'name'], ...]
 */
export function profileColumns(store: ColumnStore, exclude: readonly string[], sampleSize = 5000): ColumnProfile[] {
  const rows = sampleRows(store.rowCount, sampleSize);
  const out: ColumnProfile[] = [];
  store.names.forEach((column, c) => {
    if (exclude.includes(column)) return;
    const values: string[] = [];
    for (const r of rows) {
      const v = store.get(c, r);
      if (v !== null && v.trim() !== '') values.push(v.trim());
    }
    const n = values.length;
    const counts = new Map<string, number>();
    let len = 0;
    let tokens = 0;
    let email = 0;
    let date = 0;
    let digits = 0;
    let number = 0;
    let decimal = 0;
    let alpha = 0;
    let alnumCode = 0;
    let withCode = 0;
    let nameLists = 0;
    for (const v of values) {
      counts.set(v.toLowerCase(), (counts.get(v.toLowerCase()) ?? 0) + 1);
      len += [...v].length;
      tokens += v.split(/\s+/).length;
      if (EMAIL.test(v)) email++;
      if (DATE.test(v)) date++;
      if (DIGITS.test(v)) digits++;
      if (NUMBER.test(v)) {
        number++;
        if (DECIMAL.test(v)) decimal++;
      }
      if (/^[\p{L}\s'.-]+$/u.test(v)) alpha++;
      if (ALNUM_CODE.test(v) || GROUPED_CODE.test(v)) alnumCode++;
      if (codeToken(v) !== '') withCode++;
      if (isNameList(v)) nameLists++;
    }
    const distinct = counts.size;
    const distinctRatio = n > 0 ? distinct / n : 0;
    const avgLength = n > 0 ? len / n : 0;
    const avgTokens = n > 0 ? tokens / n : 0;
    const share = (k: number): number => (n > 0 ? k / n : 0);
    let top = 0;
    let collision = 0;
    for (const k of counts.values()) {
      top = Math.max(top, k);
      collision += share(k) ** 2;
    }
    let kind: ValueKind;
    if (share(email) > 0.6) kind = 'email';
    else if (share(date) > 0.6 && avgLength >= 6) kind = 'date';
    else if (distinct <= 20 || distinctRatio < 0.005) kind = 'category';
    // Prices and weights are digits too, but their fractions give them away: 58.45 is an amount, not an identifier.
    else if (share(number) > 0.8 && share(decimal) > DECIMAL_SHARE) kind = 'number';
    else if (share(digits) > 0.8 && distinctRatio > 0.5 && avgLength >= 5) kind = 'identifier';
    else if (share(number) > 0.8 && share(digits) < 0.8) kind = 'number';
    else if (share(digits) > 0.8) kind = 'code';
    else if (share(alnumCode) > 0.6 && distinctRatio > 0.5) kind = 'code';
    else if (avgLength > 120) kind = 'long_text';
    else if (share(alpha) > 0.6 && avgTokens <= 3 && avgLength <= 25) kind = 'name';
    else kind = 'text';
    out.push({
      column,
      kind,
      nullRate: rows.length > 0 ? 1 - n / rows.length : 1,
      distinctRatio,
      distinct,
      avgLength,
      avgTokens,
      topShare: share(top),
      collision,
      codeShare: share(withCode),
      nameListShare: share(nameLists),
    });
  });
  return out;
}
