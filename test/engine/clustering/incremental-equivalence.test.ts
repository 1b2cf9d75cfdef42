import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildClusters, type ClusterLimits } from '../../../src/engine/clustering/cluster-builder.js';
import { clusterStats } from '../../../src/engine/clustering/cluster-stats.js';
import { ClusterState } from '../../../src/engine/clustering/cluster-state.js';
import { replayEdits } from '../../../src/engine/clustering/constraint-log.js';
import { PairGraph } from '../../../src/engine/clustering/pair-graph.js';
import type { Edit, PairList } from '../../../src/engine/clustering/types.js';
import { pairList, randomPairs, seededRandom } from './pair-list-fixture.js';

/** Applies the edits one by one and checks the live state against a full rebuild after each. */
function checkAgainstRebuild(rowCount: number, links: PairList, limits: ClusterLimits, edits: Edit[], label: string): void {
  const state = new ClusterState(rowCount, PairGraph.fromPairs(rowCount, links), links, limits);
  for (let i = 0; i < edits.length; i++) {
    state.apply(edits[i]);
    const full = buildClusters({ rowCount, links, constraints: replayEdits(edits.slice(0, i + 1)), ...limits });
    assert.deepEqual(Array.from(state.clusterIds()), Array.from(full), `${label}: after edit ${i} ${JSON.stringify(edits[i])}`);
    assert.deepEqual(state.stats(), clusterStats(full), `${label}: stats after edit ${i}`);
  }
}

test('regression: two clusters kept apart only by cannot-links through a third row stay apart on withdraw', () => {
  // x=0, z=1, y=2: the tree is 0-1-2 and the direct 0-2 link is not in it. Rejects cut 0-1 and 1-2.
  // Withdrawing reject(0,2) must not let 0-2 join {0} and {2}: the full rebuild keeps them apart.
  const links = pairList([[0, 1, 0.5], [1, 2, 0.5], [0, 2, 0.4]]);
  checkAgainstRebuild(3, links, { maxClusterSize: 100 }, [
    { kind: 'reject', seq: 1, a: 0, b: 1 },
    { kind: 'reject', seq: 2, a: 1, b: 2 },
    { kind: 'reject', seq: 3, a: 0, b: 2 },
    { kind: 'withdraw', seq: 4, a: 0, b: 2 },
  ], 'regression');
});

test('incremental edits equal a full rebuild after every edit (seeded random graphs and edit logs)', () => {
  const rnd = seededRandom(20261121);
  for (let round = 0; round < 25; round++) {
    const rowCount = 30 + Math.floor(rnd() * 50);
    const links = randomPairs(rnd, rowCount, Math.floor(rowCount * (0.8 + rnd())));
    const maxClusterSize = rnd() < 0.3 ? 100 : 3 + Math.floor(rnd() * 6);
    // Every other round gates merges by link density, which re-clustering a region must reproduce too.
    const minLinkDensity = round % 2 === 0 ? 0 : [0.1, 0.3, 0.6][round % 3];
    const edits = randomEdits(rnd, rowCount, links, 40);
    checkAgainstRebuild(rowCount, links, { maxClusterSize, minLinkDensity }, edits, `round ${round}`);
  }
});

/** A random edit log biased towards pairs near existing links, so decisions interact. */
function randomEdits(rnd: () => number, rowCount: number, links: PairList, n: number): Edit[] {
  const edits: Edit[] = [];
  const decided: Array<[number, number]> = [];
  const row = (): number => Math.floor(rnd() * rowCount);
  const pair = (): [number, number] => {
    if (rnd() < 0.6 && links.count > 0) {
      const i = Math.floor(rnd() * links.count);
      // A linked pair, or one endpoint of it with a random row (a path through the graph).
      return rnd() < 0.5 ? [links.a[i], links.b[i]] : [links.a[i], row()];
    }
    return [row(), row()];
  };
  for (let seq = 1; edits.length < n; seq++) {
    const roll = rnd();
    if (roll < 0.35) {
      const [a, b] = pair();
      if (a === b) continue;
      edits.push({ kind: 'reject', seq, a, b });
      decided.push([a, b]);
    } else if (roll < 0.6) {
      const [a, b] = pair();
      if (a === b) continue;
      edits.push({ kind: 'approve', seq, a, b, score: Math.round(rnd() * 100) / 100 });
      decided.push([a, b]);
    } else if (roll < 0.75 && decided.length > 0) {
      const [a, b] = decided[Math.floor(rnd() * decided.length)];
      edits.push({ kind: 'withdraw', seq, a, b });
    } else if (roll < 0.88) {
      edits.push({ kind: 'unmerge', seq, row: row() });
    } else {
      const members = [row(), row(), row()].filter((r, i, all) => all.indexOf(r) === i);
      edits.push({ kind: 'shatter', seq, members });
    }
  }
  return edits;
}
