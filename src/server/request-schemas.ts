/** Valibot schemas of every request body, and the one function that turns their failures into 400 invalid_request with paths. */
import * as v from 'valibot';
import { KindredError, type Issue } from '../errors/registry.js';
import type { RequestLimits } from './request-limits.js';

const cellValue = v.union([v.string(), v.number(), v.boolean(), v.null()], 'expected a string, number, boolean or null');
/** A record: field → scalar. */
const plainObject = v.custom<unknown>(
  (x) => typeof x === 'object' && x !== null && !Array.isArray(x),
  'expected an object of field values',
);
export const RecordSchema = v.pipe(plainObject, v.record(v.string(), cellValue, 'expected an object of field values'));
// Any integer: one that names no row (a negative one too) is for the route to answer 404, as API.md asks.
const rowId = v.pipe(v.number('expected an integer row id'), v.integer('expected an integer row id'));

/** A count from 1 to `max` (`top_k`, `k`). */
const countUpTo = (max: number) =>
  v.pipe(v.number('expected an integer'), v.integer('expected an integer'), v.minValue(1, 'must be at least 1'), v.maxValue(max, `must be at most ${max}`));

const minScore = v.pipe(v.number('expected a score between 0 and 1'), v.minValue(0, 'must be at least 0'), v.maxValue(1, 'must be at most 1'));

/**
 * The `/match` and `/match/batch` body schemas for the server's limits: `top_k`
 * up to `maxTopK`. (The batch size is checked before validation, for a 413.)
 *
 * @example
 * const { WrappedMatchSchema, BatchSchema } = matchSchemas(DEFAULT_REQUEST_LIMITS);
 */
export function matchSchemas(limits: Pick<RequestLimits, 'maxTopK'>) {
  const topK = countUpTo(limits.maxTopK);
  return {
    WrappedMatchSchema: v.strictObject({ record: RecordSchema, top_k: v.optional(topK), threshold: v.optional(minScore) }),
    BatchSchema: v.strictObject({
      records: v.pipe(v.array(RecordSchema, 'expected an array of records'), v.minLength(1, 'needs at least 1 record')),
      top_k: v.optional(topK),
    }),
  };
}
export const ExplainSchema = v.strictObject({
  record_a: v.optional(RecordSchema),
  record_b: v.optional(RecordSchema),
  row_id_a: v.optional(rowId),
  row_id_b: v.optional(rowId),
});
export const DecideSchema = v.strictObject({
  pair_id: v.string('expected a pair id "<a>-<b>"'),
  decision: v.picklist(['approve', 'reject'], 'expected "approve" or "reject"'),
  reviewer: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200)))),
  note: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(10_000)))),
});
export const ShatterSchema = v.strictObject({ cluster_id: rowId });
export const UnmergeSchema = v.union(
  [v.strictObject({ row_id: rowId }), v.strictObject({ record_id: rowId })],
  'expected {"row_id": <integer>}',
);
// `/retrieve`'s own cap (docs/api.md), not the `--max-top-k` of `/match`.
const retrieveK = countUpTo(1000);
export const RetrieveSchema = v.strictObject({
  query: v.pipe(v.string('expected a string'), v.minLength(1, 'must not be empty')),
  column: v.optional(v.string()),
  k: v.optional(retrieveK),
  threshold: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  filters: v.optional(v.record(v.string(), v.string())),
});

/**
 * Validates a request body; failures become `400 invalid_request` with one
 * `{path, message}` per problem (paths like `records[3].name`).
 *
 * @example
 * const body = parseRequest(DecideSchema, c.var.body);
 */
export function parseRequest<const S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const r = v.safeParse(schema, value);
  if (r.success) return r.output;
  const details: Issue[] = r.issues.map((i) => ({ path: issuePath(i.path) || '(body)', message: i.message }));
  throw new KindredError('invalid_request', `invalid request body: ${details[0].path}: ${details[0].message}`, details);
}

function issuePath(path: v.IssuePathItem[] | undefined): string {
  let s = '';
  for (const p of path ?? []) {
    const k = p.key;
    s += typeof k === 'number' ? `[${k}]` : s === '' ? String(k) : `.${String(k)}`;
  }
  return s;
}

/**
 * A `/match` record as cells: the same as `toCells(parseRequest(RecordSchema,
 * value))`, with the common case (a plain object of strings and nulls)
 * checked by one loop instead of the schema, which was a measurable share
 * of `/match`. Anything else, keys the schema drops included, goes through
 * the schema, so errors and edge cases are exactly its own.
 *
 * @example
 * recordCells({ name: 'Ann', zip: null }); // { name: 'Ann', zip: null }
 * recordCells([1]);                        // throws 400 invalid_request
 */
export function recordCells(value: unknown): Record<string, string | null> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const out: Record<string, string | null> = {};
    let plain = true;
    for (const [k, val] of Object.entries(value)) {
      if ((typeof val !== 'string' && val !== null) || SCHEMA_DROPPED_KEYS.has(k)) {
        plain = false;
        break;
      }
      out[k] = val;
    }
    if (plain) return out;
  }
  return toCells(parseRequest(RecordSchema, value));
}

/** Keys valibot's `record` leaves out of its output (they could reach an object's prototype). */
const SCHEMA_DROPPED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'prototype', 'constructor']);

/** Converts a request record's values to cells (JSON spelling; null = missing). */
export function toCells(record: Record<string, string | number | boolean | null>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [k, val] of Object.entries(record)) out[k] = val === null ? null : typeof val === 'string' ? val : JSON.stringify(val);
  return out;
}

