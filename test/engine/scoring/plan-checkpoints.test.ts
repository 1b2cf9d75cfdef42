/** Planning from a pass's pair checkpoints cuts exactly the tasks of the block-by-block walk, and a built pass's checkpoints are its blocks' running pair counts. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { buildPass } from '../../../src/engine/blocking/block-pass.js';
import { CHECKPOINT_RUNS, pairCheckpoints, pairLayout, runPairs } from '../../../src/engine/blocking/pair-layout.js';
import { planPass } from '../../../src/engine/scoring/pair-plan.js';
import { planScore } from '../../../src/engine/scoring/plan-score.js';

/** Every block's pairs summed one by one: the plain count the checkpoints must agree with. */
function pairsOf(starts: Int32Array, groups: number): number {
  let total = 0;
  for (let g = 0; g < groups; g++) total += runPairs(starts[g + 1] - starts[g], Infinity);
  return total;
}

function startsOf(sizes: readonly number[]): Int32Array {
  const starts = new Int32Array(sizes.length + 1);
  sizes.forEach((s, i) => (starts[i + 1] = starts[i] + s));
  return starts;
}

// Mostly singletons and small blocks, as real passes are, with the odd large block a task must cut outer row by outer row.
const blockSize = fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0, max: 1 }) }, { weight: 3, arbitrary: fc.integer({ min: 2, max: 8 }) }, { weight: 1, arbitrary: fc.integer({ min: 9, max: 120 }) });

test('property: with checkpoints at any spacing, planPass cuts the same tasks as without, for any blocks, target and span', () => {
  fc.assert(
    fc.property(
      fc.array(blockSize, { maxLength: 300 }),
      // Small targets too, so a stretch often ends a task exactly on it (where skipping it would be wrong).
      fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 400 })),
      fc.oneof(fc.constant(Infinity), fc.integer({ min: 1, max: 6 })),
      fc.oneof(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 40 })),
      (sizes, target, span, every) => {
        const starts = startsOf(sizes);
        const plain = planPass(3, starts, sizes.length, target, span);
        const before = pairCheckpoints(starts, sizes.length, span, every);
        assert.equal(before[before.length - 1], sizes.reduce((s, n) => s + runPairs(n, span), 0));
        assert.deepStrictEqual(planPass(3, starts, sizes.length, target, span, before, every), plain);
      },
    ),
    { numRuns: 3000 },
  );
});

test('pairCheckpoints: entry k counts the pairs of the first k·every runs, the last entry all of them', () => {
  const starts = startsOf([3, 1, 2, 4, 0, 5]);
  // Pairs per run: 3, 0, 1, 6, 0, 10.
  assert.deepStrictEqual(Array.from(pairCheckpoints(starts, 6, Infinity, 2)), [0, 3, 10, 20]);
  assert.deepStrictEqual(Array.from(pairCheckpoints(starts, 6, Infinity, 4)), [0, 10, 20]);
  assert.deepStrictEqual(Array.from(pairCheckpoints(starts, 0, Infinity, 4)), [0]);
  assert.throws(() => pairCheckpoints(starts, 6, Infinity, 0), /positive integer/);
});

test('a built pass carries the checkpoints of its own blocks, and its layout plans as the walk does across many stretches', () => {
  // 60,000 rows over about 20,000 keys: tens of stretches of 1,024 blocks, most of them singletons or pairs.
  const n = 60_000;
  const ids = new Int32Array(new SharedArrayBuffer(4 * n));
  let seed = 7;
  for (let r = 0; r < n; r++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    ids[r] = r % 17 === 0 ? -1 : seed % 20_000;
  }
  const handle = buildPass({ rowCount: n, fieldIds: [ids.buffer as SharedArrayBuffer], fieldCounts: [20_000], maxBlockSize: 1e9, skipOversized: false });
  const starts = new Int32Array(handle.starts);
  assert.ok(handle.groups > 4 * CHECKPOINT_RUNS);
  assert.deepStrictEqual(handle.pairsBefore, pairCheckpoints(starts, handle.groups, Infinity));
  const layout = pairLayout(null, starts, handle.groups, handle.rows, handle.pairsBefore);
  for (const workers of [1, 2, 8]) {
    const plan = planScore({ passes: [layout], workers });
    const target = plan.target;
    assert.deepStrictEqual(plan.tasks, planPass(0, starts, handle.groups, target, Infinity));
    assert.equal(plan.total, pairsOf(starts, handle.groups));
  }
});

test('a pass of nearly unique keys, whose groups end part-way through the stretch its rows would fill, keeps its last checkpoint', () => {
  // 100,000 rows, one pair in every 200: 99,500 groups, so the groups' last stretch is partial while the rows' is not.
  const n = 100_000;
  const ids = new Int32Array(new SharedArrayBuffer(4 * n));
  for (let r = 0; r < n; r++) ids[r] = r % 200 === 199 ? r - 1 : r;
  const handle = buildPass({ rowCount: n, fieldIds: [ids.buffer as SharedArrayBuffer], fieldCounts: [n], maxBlockSize: 1e9, skipOversized: false });
  const starts = new Int32Array(handle.starts);
  assert.equal(handle.groups, 99_500);
  assert.deepStrictEqual(handle.pairsBefore, pairCheckpoints(starts, handle.groups, Infinity));
  const layout = pairLayout(null, starts, handle.groups, handle.rows, handle.pairsBefore);
  const plan = planScore({ passes: [layout], workers: 2 });
  assert.deepStrictEqual(plan.tasks, planPass(0, starts, handle.groups, plan.target, Infinity));
});
