// The served arrays built for MatchResults in a worker: the same graph, clusters and review queue as building them on the main thread, on shared memory.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterState } from '../../src/engine/clustering/cluster-state.js';
import { PairGraph } from '../../src/engine/clustering/pair-graph.js';
import { matchedLinks, type PairList } from '../../src/engine/run.js';
import { WorkerPool } from '../../src/engine/worker-pool.js';
import { buildServedRun, reviewBand } from '../../src/server/served-run-task.js';

const MATCHED = 0x80;

/** Kept pairs of two matchkeys (threshold 0.8 and 0.6): [a, b, score, flags]. */
function keptPairs(rows: ReadonlyArray<readonly [number, number, number, number]>): PairList {
  return {
    a: Int32Array.from(rows.map((r) => r[0])),
    b: Int32Array.from(rows.map((r) => r[1])),
    score: Float64Array.from(rows.map((r) => r[2])),
    flags: Uint8Array.from(rows.map((r) => r[3])),
    count: rows.length,
  };
}

const pairs = keptPairs([
  [0, 1, 0.95, 0 | MATCHED],
  [1, 2, 0.81, 0 | MATCHED],
  [2, 3, 0.79, 0],
  [4, 5, 0.62, 1 | MATCHED],
  [5, 6, 0.58, 1],
  [3, 7, 0.7, 0],
  [6, 7, 0.55, 1],
]);
const input = { rowCount: 9, pairs, maxClusterSize: 100, thresholds: [0.8, 0.6], review: { lo: null, hi: null } };

const pool = new WorkerPool({ workers: 1 });
after(() => pool.close());

test('the graph and the clusters equal the ones built from the pairs directly', () => {
  const served = buildServedRun(input);
  const direct = PairGraph.fromPairs(9, pairs);
  assert.equal(served.graph.pairCount, direct.pairCount);
  assert.deepEqual([...served.graph.offsets], [...direct.offsets]);
  assert.deepEqual([...served.graph.neighbours], [...direct.neighbours]);
  assert.deepEqual([...served.graph.scores], [...direct.scores]);
  const fromSeed = new ClusterState(9, PairGraph.fromArrays(served.graph), served.seed, { maxClusterSize: 100 });
  const fromLinks = new ClusterState(9, direct, matchedLinks(pairs), { maxClusterSize: 100 });
  assert.deepEqual([...fromSeed.clusterIds()], [...fromLinks.clusterIds()]);
  assert.deepEqual(fromSeed.stats(), fromLinks.stats());
  assert.deepEqual(fromSeed.members(0), [0, 1, 2]);
  // Edits work on a state built from a seed as on one built from links.
  assert.deepEqual(fromSeed.apply({ kind: 'reject', seq: 1, a: 1, b: 2 }), fromLinks.apply({ kind: 'reject', seq: 1, a: 1, b: 2 }));
  assert.deepEqual([...fromSeed.clusterIds()], [...fromLinks.clusterIds()]);
});

test('every array is on shared memory, so handing it to the main thread copies nothing', () => {
  const served = buildServedRun(input);
  const arrays = [served.graph.offsets, served.graph.neighbours, served.graph.scores, served.seed.of, served.seed.next, served.seed.sizes, served.band];
  for (const a of arrays) assert.ok(a.buffer instanceof SharedArrayBuffer);
});

test('the review band holds pairs within [threshold − 0.1, threshold + 0.05] of their deciding matchkey, closest first', () => {
  // Distances: 0.79 → 0.01, 0.81 → 0.01 (ties by row a: 1 < 2), 0.62 → 0.02, 0.58 → 0.02, 0.7 → 0.1, 0.55 → 0.05; 0.95 is above 0.85.
  assert.deepEqual([...reviewBand(pairs, [0.8, 0.6], { lo: null, hi: null })], [1, 2, 3, 4, 6, 5]);
  assert.deepEqual([...reviewBand(pairs, [0.8, 0.6], { lo: 0.6, hi: 0.9 })], [1, 2, 3, 5]);
});

test('pairs equally far from the threshold on either side tie exactly and are ordered by pair id, whatever the float noise', () => {
  // Both 0.042857 from 0.8 as reported (6 decimals); as sums of weighted floats they differ in the 12th decimal.
  const noisy = keptPairs([
    [96, 179, 0.8428571 - 1e-12, 0 | MATCHED],
    [9, 28, 0.7571429 - 2e-13, 0],
    [1, 2, 0.8 + 0.01, 0 | MATCHED],
  ]);
  assert.notEqual(Math.abs(noisy.score[0] - 0.8), Math.abs(noisy.score[1] - 0.8), 'the fixture really carries the noise');
  assert.deepEqual([...reviewBand(noisy, [0.8], { lo: null, hi: null })], [2, 1, 0]);
});

test('through the worker pool the arrays arrive whole', async () => {
  const served = await pool.run('buildServedRun', input);
  const here = buildServedRun(input);
  assert.deepEqual([...served.band], [...here.band]);
  assert.deepEqual([...served.seed.of], [...here.seed.of]);
  assert.deepEqual([...served.graph.neighbours], [...here.graph.neighbours]);
  assert.ok(served.seed.of.buffer instanceof SharedArrayBuffer);
});
