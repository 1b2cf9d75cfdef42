/** Valibot building blocks for the configuration schema, each carrying a "expected …, got …" message. */
import * as v from 'valibot';
import { checkScorer } from '../engine/scorers/registry.js';
import { checkTransform } from '../engine/transforms/registry.js';
import { describeValue } from './describe-value.js';

/**
 * True for a YAML mapping (a plain object), false for lists and scalars.
 *
 * @example
 * isMapping({ a: 1 }); // true
 * isMapping([1]);      // false — valibot's object schemas would accept a list
 */
export function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Builds the message function shared by every part: `expected <what>, got <found>`. */
function expected(what: string): (issue: v.BaseIssue<unknown>) => string {
  return (issue) => `expected ${what}, got ${describeValue(issue.input)}`;
}

/** Lists choices as `a, b or c` for messages. */
export function listChoices(choices: readonly string[]): string {
  if (choices.length <= 1) return choices.join('');
  return `${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1]}`;
}

/**
 * The keys a mapping may not carry in this position, each with the reason
 * (e.g. `scorer` on a field of an exact matchkey). Reported instead of the
 * generic "unknown key" because the user wrote a real key in the wrong place.
 */
export type MisplacedKeys = Readonly<Record<string, string>>;

/**
 * The message of a strict object: a missing required key, or an unknown
 * (or misplaced) key with the keys that are allowed here. Valibot stops at
 * the first unknown key of a mapping, so the others are named in the same
 * message rather than silently dropped.
 */
function strictObjectMessage(allowed: readonly string[], misplaced: MisplacedKeys) {
  return (issue: v.StrictObjectIssue): string => {
    const item = issue.path?.[0];
    if (!item || item.type !== 'object') return `expected a mapping, got ${describeValue(issue.input)}`;
    const key = String(item.key);
    if (issue.expected !== 'never') return `missing required key "${key}"`;
    const others = Object.keys(item.input).filter((k) => k !== key && !allowed.includes(k));
    const also = others.length > 0 ? ` (also not allowed here: ${others.map((k) => `"${k}"`).join(', ')})` : '';
    // hasOwn, not misplaced[key]: keys like "constructor" or "__proto__" must not reach Object.prototype.
    if (Object.hasOwn(misplaced, key)) return `${misplaced[key]}${also}`;
    return `unknown key "${key}"; expected one of: ${allowed.join(', ')}${also}`;
  };
}

/**
 * A strict object whose messages name missing and unknown keys. Use it
 * directly only where the input is already known to be a mapping (variant
 * options); elsewhere use {@link strictMapping}.
 *
 * @example
 * const s = strictEntries({ lo: v.number() }, { low: 'did you mean "lo"?' });
 */
export function strictEntries<const E extends v.ObjectEntries>(entries: E, misplaced: MisplacedKeys = {}) {
  return v.strictObject(entries, strictObjectMessage(Object.keys(entries), misplaced));
}

/**
 * A YAML mapping with exactly the given keys. Lists are rejected up front
 * because valibot's object schemas treat a list as an object with keys "0", "1".
 * `bareColumnAllowed` marks positions where a bare column name may stand in
 * for the mapping, so a number there gets the hint to quote it.
 *
 * @example
 * const clustering = strictMapping({ max_cluster_size: v.optional(v.number()) }, 'a mapping such as {max_cluster_size: 100}');
 */
export function strictMapping<const E extends v.ObjectEntries>(
  entries: E,
  what: string,
  options: { misplaced?: MisplacedKeys; bareColumnAllowed?: boolean } = {},
) {
  const { misplaced = {}, bareColumnAllowed = false } = options;
  const hint = (input: unknown): string => (bareColumnAllowed ? quoteHint(input) : '');
  return v.pipe(
    v.custom<Record<string, unknown>>(isMapping, (issue) => `expected ${what}, got ${describeValue(issue.input)}${hint(issue.input)}`),
    strictEntries(entries, misplaced),
  );
}

/**
 * A number in a range, with bounds open or closed.
 *
 * @example
 * const unit = numberIn({ min: 0, max: 1 });                   // [0, 1]
 * const positive = numberIn({ min: 0, minOpen: true });        // (0, ∞)
 */
export function numberIn(range: { min?: number; max?: number; minOpen?: boolean; maxOpen?: boolean }) {
  const { min, max, minOpen = false, maxOpen = false } = range;
  const what = describeRange(range);
  const inRange = (n: number): boolean =>
    (min === undefined || (minOpen ? n > min : n >= min)) && (max === undefined || (maxOpen ? n < max : n <= max));
  return v.pipe(v.number(expected(what)), v.check(inRange, expected(what)));
}

function describeRange(range: { min?: number; max?: number; minOpen?: boolean; maxOpen?: boolean }): string {
  const { min, max, minOpen = false, maxOpen = false } = range;
  if (min !== undefined && max !== undefined && !minOpen && !maxOpen) return `a number between ${min} and ${max}`;
  const parts: string[] = [];
  if (min !== undefined) parts.push(minOpen ? `greater than ${min}` : `at least ${min}`);
  if (max !== undefined) parts.push(maxOpen ? `less than ${max}` : `at most ${max}`);
  return parts.length === 0 ? 'a number' : `a number ${parts.join(' and ')}`;
}

/**
 * A whole number at or above `min`.
 *
 * @example
 * const window = wholeNumberAtLeast(2); // accepts 20, rejects 1 and 2.5
 */
export function wholeNumberAtLeast(min: number) {
  const what = `a whole number of at least ${min}`;
  return v.pipe(
    v.number(expected(what)),
    v.check((n) => Number.isInteger(n) && n >= min, expected(what)),
  );
}

/**
 * One of a fixed set of words.
 *
 * @example
 * const oversized = oneOf(['score', 'skip']); // "expected score or skip, got \"drop\""
 */
export function oneOf<const T extends readonly string[]>(choices: T) {
  return v.picklist(choices, expected(listChoices(choices)));
}

/**
 * A boolean; YAML `yes`/`no` are strings in YAML 1.2, hence the explicit message.
 *
 * @example
 * const tf = yesNo(); // accepts true, rejects "yes"
 */
export function yesNo() {
  return v.boolean(expected('true or false'));
}

/**
 * A list of items, optionally non-empty.
 *
 * @example
 * const keys = listOf(blockingKey, 'blocking keys', { nonEmpty: 'a blocking key' });
 */
export function listOf<const S extends v.GenericSchema>(item: S, what: string, options: { nonEmpty?: string } = {}) {
  const { nonEmpty } = options;
  return v.pipe(
    v.array(item, expected(`a list of ${what}`)),
    v.check((list) => nonEmpty === undefined || list.length > 0, `expected at least one ${nonEmpty ?? ''}, got an empty list`),
  );
}

/**
 * Two column names, `[a, b]` (a weighted matchkey's `swaps` entry).
 *
 * @example
 * const pair = columnPair(); // accepts [first_name, surname], rejects [first_name]
 */
export function columnPair() {
  return v.pipe(
    v.array(columnName(), expected('a pair of column names [a, b]')),
    v.check((pair) => pair.length === 2, (issue) => `expected a pair of column names [a, b], got ${(issue.input as unknown[]).length} name(s)`),
  );
}

/** YAML reads unquoted `2020` or `true` as a number or boolean; a header of that spelling must be quoted. */
function quoteHint(input: unknown): string {
  return typeof input === 'number' || typeof input === 'boolean'
    ? ` (if that is the column's header, quote it: "${String(input)}")`
    : '';
}

/**
 * A column name: a non-empty string. YAML reads an unquoted `2020` or
 * `true` as a number or boolean, so those get a hint to quote the header.
 *
 * @example
 * const source = columnName();
 */
export function columnName() {
  return v.pipe(
    v.string((issue) => `expected a column name, got ${describeValue(issue.input)}${quoteHint(issue.input)}`),
    v.check((s) => s.length > 0, expected('a column name')),
  );
}

/**
 * A matchkey name: letters, digits, `_` or `-` (it appears in URLs and key paths).
 *
 * @example
 * const name = matchkeyName(); // accepts "person_fuzzy", rejects "person fuzzy"
 */
export function matchkeyName() {
  const what = 'a name of letters, digits, "_" or "-"';
  return v.pipe(v.string(expected(what)), v.regex(/^[A-Za-z0-9_-]+$/, expected(what)));
}

/**
 * A scorer spec (`jaro_winkler`, `numeric_diff:abs:5`) checked against the
 * scorer registry, whose message is passed through unchanged.
 *
 * @example
 * const scorer = scorerSpec();
 */
export function scorerSpec() {
  return v.pipe(
    v.string(expected('a scorer name such as jaro_winkler')),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const problem = checkScorer(dataset.value);
      if (problem !== null) addIssue({ message: problem });
    }),
  );
}

/**
 * A transform spec (`lowercase`, `substring:0:3`) checked against the
 * transform registry, whose message is passed through unchanged.
 *
 * @example
 * const transforms = listOf(transformSpec(), 'transform names');
 */
export function transformSpec() {
  return v.pipe(
    v.string(expected('a transform name such as lowercase')),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const problem = checkTransform(dataset.value);
      if (problem !== null) addIssue({ message: problem });
    }),
  );
}

/**
 * A list of transform specs, applied in order.
 *
 * @example
 * const transforms = v.optional(transformList());
 */
export function transformList() {
  return listOf(transformSpec(), 'transform names');
}
