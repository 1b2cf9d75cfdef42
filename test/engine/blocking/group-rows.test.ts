/** groupRows, through a composite key or field by field, reads fewer codes in sorted order than the plain LSD sort it replaced, and gives exactly its groups: same rows, same order, same boundaries. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { groupRows, type RowGroups } from '../../../src/engine/blocking/group-rows.js';

/** The plain path: an LSD counting sort per field, each histogram and each boundary read in sorted order. */
function plainGroupRows(rowCount: number, codes: readonly Int32Array[], counts: readonly number[]): RowGroups {
  let rows = new Int32Array(rowCount);
  let m = 0;
  outer: for (let r = 0; r < rowCount; r++) {
    for (let f = 0; f < codes.length; f++) if (codes[f][r] < 0) continue outer;
    rows[m++] = r;
  }
  rows = rows.subarray(0, m);
  let tmp = new Int32Array(m);
  for (let f = codes.length - 1; f >= 0; f--) {
    const ids = codes[f];
    const count = new Int32Array(counts[f] + 1);
    for (let i = 0; i < m; i++) count[ids[rows[i]] + 1]++;
    for (let v = 1; v < count.length; v++) count[v] += count[v - 1];
    for (let i = 0; i < m; i++) tmp[count[ids[rows[i]]]++] = rows[i];
    [rows, tmp] = [tmp, rows];
  }
  const starts = new Int32Array(m + 1);
  let groups = 0;
  for (let i = 0; i < m; i++) {
    let boundary = i === 0;
    for (let f = 0; !boundary && f < codes.length; f++) boundary = codes[f][rows[i]] !== codes[f][rows[i - 1]];
    if (boundary) starts[groups++] = i;
  }
  starts[groups] = m;
  return { rows, starts, groups };
}

// A key of 0–3 fields over up to 400 rows; each field's codes lie in 0 .. count − 1, or −1 (missing) now and then.
const keyAndRows = fc.integer({ min: 0, max: 400 }).chain((n) =>
  fc.array(
    fc.integer({ min: 1, max: 40 }).chain((count) =>
      fc.tuple(fc.constant(count), fc.array(fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 0, max: count - 1 }) }, { weight: 1, arbitrary: fc.constant(-1) }), { minLength: n, maxLength: n })),
    ),
    { minLength: 0, maxLength: 3 },
  ).map((fields) => ({ n, counts: fields.map(([c]) => c), codes: fields.map(([, ids]) => Int32Array.from(ids)) })),
);

const sameGroups = (got: RowGroups, want: RowGroups): void => {
  assert.equal(got.groups, want.groups);
  assert.deepEqual(Array.from(got.rows), Array.from(want.rows));
  assert.deepEqual(Array.from(got.starts.subarray(0, got.groups + 1)), Array.from(want.starts.subarray(0, want.groups + 1)));
};

test('groupRows equals the plain LSD sort for any key of up to three fields, missing codes included, through a composite key and field by field', () => {
  fc.assert(
    fc.property(keyAndRows, ({ n, counts, codes }) => {
      const want = plainGroupRows(n, codes, counts);
      sameGroups(groupRows(n, codes, counts), want);
      sameGroups(groupRows(n, codes, counts, { compositeLimit: 0 }), want);
    }),
    { numRuns: 2000, seed: 3 },
  );
});

// Two or three fields whose counts multiply to up to 2^32, the largest composite key, with codes drawn near each end.
const wideKeyAndRows = fc.integer({ min: 1, max: 200 }).chain((n) =>
  fc
    .array(fc.integer({ min: 1, max: 65536 }), { minLength: 2, maxLength: 3 })
    .filter((counts) => counts.reduce((a, b) => a * b, 1) <= 2 ** 32)
    .chain((counts) =>
      fc.tuple(
        fc.constant(counts),
        fc.tuple(
          ...counts.map((c) =>
            fc.array(fc.oneof(fc.integer({ min: 0, max: Math.min(c - 1, 3) }), fc.integer({ min: Math.max(0, c - 4), max: c - 1 }), fc.constant(-1)), { minLength: n, maxLength: n }),
          ),
        ),
      ),
    )
    .map(([counts, ids]) => ({ n, counts, codes: ids.map((x) => Int32Array.from(x)) })),
);

test('a composite key as wide as 2^32 groups as the plain sort does', () => {
  fc.assert(
    fc.property(wideKeyAndRows, ({ n, counts, codes }) => {
      sameGroups(groupRows(n, codes, counts), plainGroupRows(n, codes, counts));
    }),
    { numRuns: 500, seed: 5 },
  );
  // The largest key of all: every code at its count's end.
  const top = [Int32Array.of(65535, 65535, 0), Int32Array.of(65535, 65534, 0)];
  sameGroups(groupRows(3, top, [65536, 65536]), plainGroupRows(3, top, [65536, 65536]));
});
