/** A sorted-neighbourhood pass is one long run that planning cuts into balanced ranges covering every window pair exactly once. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { outerPairs, pairCheckpoints, pairInRun, runPairs } from '../../../src/engine/blocking/pair-layout.js';
import { planPass } from '../../../src/engine/scoring/pair-plan.js';

/** Every (i, j) a plan's tasks cover, as the scorer walks them. */
function coveredPairs(starts: Int32Array, tasks: ReturnType<typeof planPass>, span: number): string[] {
  const out: string[] = [];
  for (const t of tasks) {
    for (let blk = t.fromBlock; blk <= t.toBlock; blk++) {
      const size = starts[blk + 1] - starts[blk];
      const iFrom = blk === t.fromBlock ? t.fromOuter : 0;
      const iTo = blk === t.toBlock ? t.toOuter : size - 1;
      for (let i = iFrom; i < iTo; i++) {
        for (let j = i + 1; j < size && j - i <= span; j++) out.push(`${starts[blk] + i}-${starts[blk] + j}`);
      }
    }
  }
  return out;
}

test('runPairs and outerPairs count pairs at most span apart', () => {
  for (const size of [0, 1, 2, 5, 9]) {
    for (const span of [1, 2, 3, 8, Infinity]) {
      let brute = 0;
      for (let i = 0; i < size; i++) for (let j = i + 1; j < size; j++) if (j - i <= span) brute++;
      assert.equal(runPairs(size, span), brute, `size ${size} span ${span}`);
      let byOuter = 0;
      for (let i = 0; i < size - 1; i++) byOuter += outerPairs(size, i, span);
      assert.equal(byOuter, brute, `size ${size} span ${span}`);
    }
  }
});

test('pairInRun enumerates exactly the pairs at most span apart, in order (what EM sampling draws from)', () => {
  for (const size of [2, 3, 7, 12]) {
    for (const span of [1, 2, 5, 11, Infinity]) {
      const expected: string[] = [];
      for (let i = 0; i < size; i++) for (let j = i + 1; j < size && j - i <= span; j++) expected.push(`${i}-${j}`);
      const got = Array.from({ length: runPairs(size, span) }, (_, k) => pairInRun(size, span, k).join('-'));
      assert.deepEqual(got, expected, `size ${size} span ${span}`);
    }
  }
});

test('a 1,000-row window run is cut into many tasks of about the target size, each pair once', () => {
  const rows = 1000;
  const span = 9;
  const starts = Int32Array.of(0, rows);
  const tasks = planPass(0, starts, 1, 500, span);
  const checkpoints = pairCheckpoints(starts, 1, span);
  const total = checkpoints[checkpoints.length - 1];
  assert.equal(total, (rows - span) * span + (span * (span - 1)) / 2);
  assert.ok(tasks.length >= 15, `${tasks.length} tasks`);
  for (const t of tasks.slice(0, -1)) assert.ok(t.pairs >= 500 && t.pairs < 500 + span, `task of ${t.pairs} pairs`);
  assert.equal(tasks.reduce((s, t) => s + t.pairs, 0), total);
  const covered = coveredPairs(starts, tasks, span);
  assert.equal(new Set(covered).size, covered.length, 'no pair is planned twice');
  assert.equal(covered.length, total);
});

test('without a span the plan of blocks is unchanged: whole blocks, Σ C(size, 2)', () => {
  const starts = Int32Array.of(0, 3, 4, 10);
  const tasks = planPass(2, starts, 3, 1000);
  assert.deepEqual(tasks, [{ pass: 2, fromBlock: 0, fromOuter: 0, toBlock: 2, toOuter: 5, pairs: 18 }]);
  assert.deepEqual(Array.from(pairCheckpoints(starts, 3, Infinity)), [0, 18]);
});
