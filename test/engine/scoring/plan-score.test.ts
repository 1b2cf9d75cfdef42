import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { pairLayout, runPairs } from '../../../src/engine/blocking/pair-layout.js';
import { planPass } from '../../../src/engine/scoring/pair-plan.js';
import { planScore } from '../../../src/engine/scoring/plan-score.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';

/** Block starts on shared memory, as a built pass holds them: `sizes` are the blocks' sizes. */
function sharedStarts(sizes: number[]): Int32Array {
  const starts = new Int32Array(new SharedArrayBuffer(4 * (sizes.length + 1)));
  sizes.forEach((s, i) => (starts[i + 1] = starts[i] + s));
  return starts;
}

const blocks = sharedStarts([1, 5, 2000, 3, 1, 400, 7000, 2]);
const rows = blocks[blocks.length - 1];
const layouts = [pairLayout(null, blocks, 8, rows), pairLayout(10, blocks, 8, rows)];

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

test('planScore counts every pass and cuts the same tasks as planPass at the size it chooses', () => {
  const plan = planScore({ passes: layouts, workers: 2 });
  const pairsOf = (l: (typeof layouts)[number]): number => Array.from({ length: l.groups }, (_, g) => runPairs(l.starts[g + 1] - l.starts[g], l.span)).reduce((x, y) => x + y, 0);
  assert.deepStrictEqual(plan.perPass, layouts.map(pairsOf));
  assert.equal(plan.total, plan.perPass[0] + plan.perPass[1]);
  assert.equal(plan.target, Math.max(20_000, Math.ceil(plan.total / 32)));
  assert.deepStrictEqual(plan.tasks, layouts.flatMap((l, i) => planPass(i, l.starts, l.groups, plan.target, l.span)));
  assert.equal(plan.tasks.reduce((s, t) => s + t.pairs, 0), plan.total, 'every candidate pair is in one task');
});

test('planScore gives the same plan in a worker, reading the starts from shared memory', async () => {
  assert.deepStrictEqual(await pool.run('planScore', { passes: layouts, workers: 2 }), planScore({ passes: layouts, workers: 2 }));
});
