/** A row → cluster table kept from the change feed alone: following the events of any change (a re-run's table difference, or a steward edit's re-clustered region) turns the table before into the table after, exactly. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { clusterEvents } from '../../../src/engine/clustering/cluster-events.js';
import { followEvents } from '../../../src/engine/clustering/feed-table.js';
import { mappingDiff } from '../../../src/engine/clustering/mapping-diff.js';
import { ClusterState } from '../../../src/engine/clustering/cluster-state.js';
import { PairGraph } from '../../../src/engine/clustering/pair-graph.js';
import type { Edit } from '../../../src/engine/clustering/types.js';

/** A row → cluster table from group labels: each cluster's id is its smallest member; label −1 is a deleted row. */
function table(labels: number[]): Int32Array {
  const first = new Map<number, number>();
  return Int32Array.from(labels, (l, r) => {
    if (l < 0) return -1;
    if (!first.has(l)) first.set(l, r);
    return first.get(l) as number;
  });
}

const labels = (n: number): fc.Arbitrary<number[]> => fc.array(fc.integer({ min: -1, max: 4 }), { minLength: n, maxLength: n });

test('following the events of a table difference gives the table after (merges, splits, moves, deletions, new rows)', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 12 }).chain((n) => fc.tuple(labels(n), fc.integer({ min: 0, max: 4 }).chain((extra) => labels(n + extra)))),
      ([was, now]) => {
        const before = table(was);
        const after = table(now);
        const diff = mappingDiff(before, after);
        const events = clusterEvents(diff);
        // A row past a table's end is no live row, like −1.
        const padded = (t: Int32Array, n: number): number[] => Array.from({ length: n }, (_, r) => (r < t.length ? t[r] : -1));
        const followed = followEvents(before, events);
        const n = Math.max(followed.length, after.length);
        assert.deepEqual(padded(followed, n), padded(after, n));
        // Rows of clusters nothing touched are not in the difference.
        for (let r = 0; r < Math.max(before.length, after.length); r++) {
          const b = r < before.length ? before[r] : -1;
          const a = r < after.length ? after[r] : -1;
          if (!diff.rows.includes(r)) assert.ok(b === a && diff.rows.every((_, i) => (b < 0 || diff.before[i] !== b) && (a < 0 || diff.after[i] !== a)), `row ${r} left out`);
        }
        if (before.length === after.length && before.every((c, i) => c === after[i])) assert.equal(events.length, 0);
      },
    ),
    { numRuns: 300, seed: 4 },
  );
});

test('a merge and a split are named, not only the moves', () => {
  // Rows 0-1 and 2-3 merge; cluster 4 (rows 4, 5, 6) splits; row 7 is deleted; row 8 is new.
  const before = Int32Array.of(0, 0, 2, 2, 4, 4, 4, 7);
  const after = Int32Array.of(0, 0, 0, 0, 4, 5, 5, -1, 8);
  const events = clusterEvents(mappingDiff(before, after));
  assert.deepEqual(
    events.map((e) => [e.type, e.data]),
    [
      ['record_deleted', { row_id: 7, cluster_id: 7 }],
      ['cluster_created', { cluster_id: 8, members: [8] }],
      ['cluster_merged', { cluster_id: 0, from: [0, 2] }],
      ['cluster_split', { cluster_id: 4, into: [4, 5] }],
      ['record_moved', { row_id: 2, from: 2, to: 0 }],
      ['record_moved', { row_id: 3, from: 2, to: 0 }],
      ['record_moved', { row_id: 5, from: 4, to: 5 }],
      ['record_moved', { row_id: 6, from: 4, to: 5 }],
    ],
  );
});

test('the events of steward edits (the re-clustered region before and after) keep a followed table equal to the clusters', () => {
  // A chain 0-1-2-3 and a pair 4-5, all links matched; the edits cut, join and free rows.
  const links = { a: Int32Array.of(0, 1, 2, 4), b: Int32Array.of(1, 2, 3, 5), score: Float64Array.of(0.9, 0.85, 0.95, 0.9), count: 4 };
  const state = new ClusterState(6, PairGraph.fromPairs(6, links), links, { maxClusterSize: 100 });
  let followed = state.clusterIds();
  const edits: Edit[] = [
    { kind: 'reject', seq: 1, a: 1, b: 2 },
    { kind: 'approve', seq: 2, a: 3, b: 4, score: 0.7 },
    { kind: 'unmerge', seq: 3, row: 5 },
    { kind: 'shatter', seq: 4, members: [2, 3, 4] },
    { kind: 'withdraw', seq: 5, a: 1, b: 2 },
  ];
  const kinds: string[] = [];
  for (const e of edits) {
    const { diff } = state.apply(e);
    const events = clusterEvents(diff);
    kinds.push(...events.filter((x) => x.type !== 'record_moved').map((x) => x.type));
    followed = followEvents(followed, events);
    assert.deepEqual([...followed], [...state.clusterIds()], `after ${e.kind} ${e.seq}`);
  }
  assert.ok(kinds.includes('cluster_split') && kinds.includes('cluster_merged'), kinds.join(','));
});
