import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildClusters } from '../../../src/engine/clustering/cluster-builder.js';
import { replayEdits } from '../../../src/engine/clustering/constraint-log.js';
import type { Edit, PairList } from '../../../src/engine/clustering/types.js';
import { groups, pairList } from './pair-list-fixture.js';

function clustersAfter(rowCount: number, links: PairList, edits: Edit[]): number[][] {
  return groups(buildClusters({ rowCount, links, constraints: replayEdits(edits), maxClusterSize: 100 }));
}

const none = pairList([]);

test('a cannot-link newer than the must-links on its path cuts the oldest of them', () => {
  const edits: Edit[] = [
    { kind: 'approve', seq: 1, a: 0, b: 1, score: 0.5 },
    { kind: 'approve', seq: 2, a: 1, b: 2, score: 0.5 },
    { kind: 'reject', seq: 3, a: 0, b: 2 },
  ];
  assert.deepEqual(clustersAfter(3, none, edits), [[0], [1, 2]]);
});

test('a cannot-link older than every must-link on its path is overruled', () => {
  const edits: Edit[] = [
    { kind: 'reject', seq: 1, a: 0, b: 2 },
    { kind: 'approve', seq: 2, a: 0, b: 1, score: 0.5 },
    { kind: 'approve', seq: 3, a: 1, b: 2, score: 0.5 },
  ];
  assert.deepEqual(clustersAfter(3, none, edits), [[0, 1, 2]]);
});

test('with an automatic link on the path, the automatic link is cut and the must-link kept', () => {
  const edits: Edit[] = [
    { kind: 'approve', seq: 1, a: 0, b: 1, score: 0.3 },
    { kind: 'reject', seq: 2, a: 0, b: 2 },
  ];
  assert.deepEqual(clustersAfter(3, pairList([[1, 2, 0.99]]), edits), [[0, 1], [2]]);
});

test('among must-links the newer ones form the tree: a cycle of must-links loses its oldest to a newer reject', () => {
  // Must-links 0-1 (1), 1-2 (2), 0-2 (3): the tree is 0-2 and 1-2; reject 0-1 cuts 1-2, the older one.
  const edits: Edit[] = [
    { kind: 'approve', seq: 1, a: 0, b: 1, score: 0.5 },
    { kind: 'approve', seq: 2, a: 1, b: 2, score: 0.5 },
    { kind: 'approve', seq: 3, a: 0, b: 2, score: 0.5 },
    { kind: 'reject', seq: 4, a: 0, b: 1 },
  ];
  assert.deepEqual(clustersAfter(3, none, edits), [[0, 2], [1]]);
});

test('a later decision on the same pair replaces the earlier one', () => {
  const links = pairList([[0, 1, 0.9]]);
  assert.deepEqual(
    clustersAfter(2, links, [
      { kind: 'reject', seq: 1, a: 0, b: 1 },
      { kind: 'approve', seq: 2, a: 1, b: 0, score: 0.9 },
    ]),
    [[0, 1]],
  );
  assert.deepEqual(
    clustersAfter(3, pairList([]), [
      { kind: 'approve', seq: 1, a: 0, b: 1, score: 0.9 },
      { kind: 'reject', seq: 2, a: 0, b: 1 },
    ]),
    [[0], [1], [2]],
  );
});

test('cannot-links apply in seq order: an earlier cut can leave a later one nothing to do', () => {
  // Chain 0-1-2-3; reject(1,2) cuts 1-2 first, so reject(0,3) finds its path already cut.
  const links = pairList([[0, 1, 0.6], [1, 2, 0.9], [2, 3, 0.8]]);
  const edits: Edit[] = [
    { kind: 'reject', seq: 1, a: 1, b: 2 },
    { kind: 'reject', seq: 2, a: 0, b: 3 },
  ];
  assert.deepEqual(clustersAfter(4, links, edits), [[0, 1], [2, 3]]);
});
