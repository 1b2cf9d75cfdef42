import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildClusters } from '../../../src/engine/clustering/cluster-builder.js';
import { replayEdits } from '../../../src/engine/clustering/constraint-log.js';
import { groups, pairList, randomPairs, seededRandom } from './pair-list-fixture.js';

// Two triangles {0,1,2} and {3,4,5}, strong inside, joined by weaker bridges.
const triangles: Array<[number, number, number]> = [[0, 1, 0.95], [0, 2, 0.94], [1, 2, 0.93], [3, 4, 0.95], [3, 5, 0.94], [4, 5, 0.93]];

test('without a density limit one bridge joins two groups (connected components)', () => {
  const links = pairList([...triangles, [2, 3, 0.81]]);
  assert.deepEqual(groups(buildClusters({ rowCount: 6, links, maxClusterSize: 100 })), [[0, 1, 2, 3, 4, 5]]);
});

test('one bridge covers 1 of 9 cross pairs: refused at density 0.2, allowed at 0.1', () => {
  const links = pairList([...triangles, [2, 3, 0.81]]);
  assert.deepEqual(groups(buildClusters({ rowCount: 6, links, maxClusterSize: 100, minLinkDensity: 0.2 })), [[0, 1, 2], [3, 4, 5]]);
  assert.deepEqual(groups(buildClusters({ rowCount: 6, links, maxClusterSize: 100, minLinkDensity: 0.1 })), [[0, 1, 2, 3, 4, 5]]);
});

test('the gate counts every link between the two groups, not only the one being tried', () => {
  // 2 of 9 cross pairs: enough at 0.2 (2 ≥ 1.8), not at 0.3 (2 < 2.7).
  const links = pairList([...triangles, [2, 3, 0.81], [1, 4, 0.8]]);
  assert.deepEqual(groups(buildClusters({ rowCount: 6, links, maxClusterSize: 100, minLinkDensity: 0.2 })), [[0, 1, 2, 3, 4, 5]]);
  assert.deepEqual(groups(buildClusters({ rowCount: 6, links, maxClusterSize: 100, minLinkDensity: 0.3 })), [[0, 1, 2], [3, 4, 5]]);
});

test('two single records always join on their link; a third joins a pair only with enough links', () => {
  const path = pairList([[0, 1, 0.9], [1, 2, 0.8]]);
  // {0,1} + {2}: one link of two pairs = 0.5.
  assert.deepEqual(groups(buildClusters({ rowCount: 3, links: path, maxClusterSize: 100, minLinkDensity: 1 })), [[0, 1], [2]]);
  assert.deepEqual(groups(buildClusters({ rowCount: 3, links: path, maxClusterSize: 100, minLinkDensity: 0.5 })), [[0, 1, 2]]);
});

test("a steward's must-links are never refused by the density limit", () => {
  // The newer approval joins {1,2} first; the older one then joins {0} to it with 1 link of 2 pairs.
  const constraints = replayEdits([
    { kind: 'approve', seq: 1, a: 0, b: 1, score: 0.5 },
    { kind: 'approve', seq: 2, a: 1, b: 2, score: 0.5 },
  ]);
  const links = pairList([]);
  assert.deepEqual(groups(buildClusters({ rowCount: 3, links, constraints, maxClusterSize: 100, minLinkDensity: 1 })), [[0, 1, 2]]);
});

test('clusters only ever split as the density limit rises (seeded random graphs)', () => {
  const rnd = seededRandom(7);
  for (let round = 0; round < 20; round++) {
    const rowCount = 40 + Math.floor(rnd() * 40);
    const links = randomPairs(rnd, rowCount, rowCount * 2);
    const coarse = buildClusters({ rowCount, links, maxClusterSize: 1000 });
    const fine = buildClusters({ rowCount, links, maxClusterSize: 1000, minLinkDensity: 0.3 });
    // Every gated cluster lies inside one connected component.
    for (let r = 0; r < rowCount; r++) assert.equal(coarse[fine[r]], coarse[r], `round ${round}, row ${r}`);
    assert.ok(groups(fine).length >= groups(coarse).length);
  }
});
