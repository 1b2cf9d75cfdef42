/** A pass with no oversized group skips the group-by-group assembly: its order, starts and blockOf are still exactly the assembled ones. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { buildPass } from '../../../src/engine/blocking/block-pass.js';
import { groupRows } from '../../../src/engine/blocking/group-rows.js';

/** The plain path: every group appended in order, each row told its group (what PassAssembly does). */
function assembled(n: number, codes: Int32Array[], counts: number[]): { order: number[]; starts: number[]; blockOf: number[] } {
  const { rows, starts, groups } = groupRows(n, codes, counts);
  const order: number[] = [];
  const groupStarts: number[] = [];
  const blockOf = new Array<number>(n).fill(-1);
  for (let g = 0; g < groups; g++) {
    groupStarts.push(order.length);
    for (let i = starts[g]; i < starts[g + 1]; i++) {
      order.push(rows[i]);
      blockOf[rows[i]] = g;
    }
  }
  groupStarts.push(order.length);
  return { order, starts: groupStarts, blockOf };
}

function shared(ids: number[]): Int32Array {
  const a = new Int32Array(new SharedArrayBuffer(4 * ids.length));
  a.set(ids);
  return a;
}

const keyAndRows = fc.integer({ min: 1, max: 300 }).chain((n) =>
  fc.array(
    fc.integer({ min: 1, max: 30 }).chain((count) =>
      fc.tuple(fc.constant(count), fc.array(fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 0, max: count - 1 }) }, { weight: 1, arbitrary: fc.constant(-1) }), { minLength: n, maxLength: n })),
    ),
    { minLength: 1, maxLength: 3 },
  ).map((fields) => ({ n, counts: fields.map(([c]) => c), codes: fields.map(([, ids]) => shared(ids)) })),
);

test('a pass without oversized groups has the assembled order, starts and blockOf', () => {
  fc.assert(
    fc.property(keyAndRows, ({ n, counts, codes }) => {
      const pass = buildPass({ rowCount: n, fieldIds: codes.map((c) => c.buffer as SharedArrayBuffer), fieldCounts: counts, maxBlockSize: n, skipOversized: false });
      const want = assembled(n, codes, counts);
      assert.ok(pass.order instanceof SharedArrayBuffer && pass.starts instanceof SharedArrayBuffer && pass.blockOf instanceof SharedArrayBuffer);
      assert.deepEqual(Array.from(new Int32Array(pass.order)).slice(0, pass.rows), want.order);
      assert.equal(pass.rows, want.order.length);
      assert.deepEqual(Array.from(new Int32Array(pass.starts)), want.starts);
      assert.equal(pass.groups, want.starts.length - 1);
      assert.deepEqual(Array.from(new Int32Array(pass.blockOf)), want.blockOf);
      assert.equal(pass.subBlocks, null);
      assert.deepEqual(pass.oversized, []);
    }),
    { numRuns: 1000, seed: 9 },
  );
});
