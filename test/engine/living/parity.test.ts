/** For random add/update/delete sequences (with and without steward edits), the incremental path gives the clusters and kept pair scores of a fresh full run on the final table. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { parseConfigText } from '../../../src/config/index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { applyRecordChanges, matchedLinks, runMatching, type MatchRun } from '../../../src/engine/run.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { PairScorer } from '../../../src/engine/scoring/pair-scorer.js';
import { PairGraph } from '../../../src/engine/clustering/pair-graph.js';
import { LivingGraph } from '../../../src/engine/clustering/living-graph.js';
import { ClusterState } from '../../../src/engine/clustering/cluster-state.js';
import { clusterLimits } from '../../../src/engine/clustering/cluster-builder.js';
import { replayEdits } from '../../../src/engine/clustering/constraint-log.js';
import type { Edit } from '../../../src/engine/clustering/types.js';
import { openLiveMatching, type LiveMatching, type RecordOp } from '../../../src/engine/living/live-matching.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

const NAMES = ['name', 'city', 'zip'];
// Two passes that overlap, a similarity and an exact field, a review band, and a small size cap so size splits happen.
const CONFIG = parseConfigText(
  `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    fields:
      - {field: name, scorer: jaro_winkler, weight: 2}
      - {field: city, scorer: levenshtein, weight: 1}
      - {field: zip, scorer: exact, weight: 1}
blocking:
  keys:
    - fields: [zip]
    - fields: [{field: name, transforms: ["substring:0:1"]}]
clustering:
  max_cluster_size: 4
`,
  'living.yaml',
);

// The same with name and city read crossed as well (swaps), over values either column may hold.
const SWAPPED_YAML = `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    swaps: [[name, city]]
    fields:
      - {field: name, scorer: jaro_winkler, weight: 2}
      - {field: city, scorer: jaro_winkler, weight: 1}
      - {field: zip, scorer: exact, weight: 1}
blocking:
  keys:
    - fields: [zip]
    - fields: [{field: name, transforms: ["substring:0:1"]}]
clustering:
  max_cluster_size: 4
`;
const SWAPPED = parseConfigText(SWAPPED_YAML, 'living-swapped.yaml');

// Its only pass an unordered key on the crossed columns: a record with name and city transposed shares their block.
const UNORDERED_KEYS = `
    - fields: [{field: name, transforms: [lowercase]}, {field: city, transforms: [lowercase]}]
      unordered: true
`;
const UNORDERED = parseConfigText(
  SWAPPED_YAML.replace(`
    - fields: [zip]
    - fields: [{field: name, transforms: ["substring:0:1"]}]
`, UNORDERED_KEYS),
  'living-unordered.yaml',
);
assert.equal(UNORDERED.blocking.keys.length, 1);

type Row = Array<string | null>;
const name = fc.constantFrom('anna', 'ana', 'anne', 'bob', 'bobby', 'rob', 'ann', null);
const city = fc.constantFrom('york', 'yorke', 'leeds', null);
const zip = fc.constantFrom('1', '2', null);
const row: fc.Arbitrary<Row> = fc.tuple(name, city, zip).map((r) => [...r]);

/** An op picks its row by index into the live rows at that moment (so it always names a live row). */
type Step =
  | { t: 'add'; values: Row }
  | { t: 'update'; pick: number; values: Row }
  | { t: 'delete'; pick: number }
  | { t: 'batch'; values: Row[]; pick: number }
  | { t: 'decide'; pick: number; pick2: number; approve: boolean }
  | { t: 'unmerge'; pick: number }
  | { t: 'shatter'; pick: number };
const pick = fc.nat(1000);
const changeStep: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ t: fc.constant('add' as const), values: row }),
  fc.record({ t: fc.constant('update' as const), pick, values: row }),
  fc.record({ t: fc.constant('delete' as const), pick }),
  fc.record({ t: fc.constant('batch' as const), values: fc.array(row, { minLength: 1, maxLength: 4 }), pick }),
);
const editStep: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ t: fc.constant('decide' as const), pick, pick2: pick, approve: fc.boolean() }),
  fc.record({ t: fc.constant('unmerge' as const), pick }),
  fc.record({ t: fc.constant('shatter' as const), pick }),
);

/** A steward edit with the record values it was made on (stale once any of them changed). */
interface Recorded {
  edit: Edit;
  seen: Map<number, string>;
}

function editRows(e: Edit): number[] {
  return e.kind === 'shatter' ? e.members : e.kind === 'unmerge' ? [e.row] : [e.a, e.b];
}

/** The edit as it still applies to the current table (members whose records changed drop out), or null. */
function current(live: LiveMatching, r: Recorded): Edit | null {
  const same = (row: number): boolean => live.table.exists(row) && JSON.stringify(live.table.values(row)) === r.seen.get(row);
  if (r.edit.kind === 'shatter') {
    const members = r.edit.members.filter(same);
    return members.length > 0 ? { ...r.edit, members } : null;
  }
  return editRows(r.edit).every(same) ? r.edit : null;
}

/** How the changes are scored: on the main thread, or every batch on the pool (the path of large batches). */
type Scoring = 'main' | 'pool';

/** A run over `base`, opened for record changes. */
async function openLive(base: Row[], config: typeof CONFIG): Promise<{ graph: LivingGraph; clusters: ClusterState; live: LiveMatching }> {
  const run = await runMatching(ColumnStore.fromRows(NAMES, base), config, pool);
  const scorer = new PairScorer(config, (ref) => run.fields.get(ref));
  const graph = new LivingGraph(PairGraph.fromPairs(run.store.rowCount, run.pairs));
  const clusters = new ClusterState(run.store.rowCount, graph, matchedLinks(run.pairs), clusterLimits(config.clustering));
  return { graph, clusters, live: openLiveMatching(run, scorer, graph, clusters) };
}

async function check(base: Row[], steps: Step[], scoring: Scoring = 'main', config = CONFIG): Promise<void> {
  const { graph, clusters, live } = await openLive(base, config);
  const recorded: Recorded[] = [];
  let seq = 0;
  const liveRows = (): number[] => Array.from({ length: live.table.rowCount }, (_, i) => i).filter((r) => live.table.exists(r));
  const constraintsAfter = (changed: readonly number[]): { edits: Edit[]; seeds: number[] } | undefined => {
    const hit = recorded.filter((r) => editRows(r.edit).some((x) => changed.includes(x)));
    if (hit.length === 0) return undefined;
    return { edits: recorded.map((r) => current(live, r)).filter((e): e is Edit => e !== null), seeds: hit.flatMap((r) => editRows(r.edit)) };
  };
  const apply = async (ops: RecordOp[]): Promise<void> => {
    await applyRecordChanges(live, ops, scoring === 'pool' ? { constraintsAfter, pool, poolMinRows: 1 } : { constraintsAfter });
  };
  for (const s of steps) {
    const rows = liveRows();
    const at = (p: number): number => rows[p % rows.length];
    if (s.t === 'add') await apply([{ kind: 'add', values: s.values }]);
    else if (s.t === 'batch') {
      const ops: RecordOp[] = s.values.map((values) => ({ kind: 'add', values }));
      if (rows.length > 0) ops.push({ kind: 'update', row: at(s.pick), values: s.values[0] });
      await apply(ops);
    } else if (rows.length === 0) continue;
    else if (s.t === 'update') await apply([{ kind: 'update', row: at(s.pick), values: s.values }]);
    else if (s.t === 'delete') await apply([{ kind: 'delete', row: at(s.pick) }]);
    else {
      let edit: Edit;
      if (s.t === 'decide') {
        const [a, b] = [at(s.pick), at(s.pick2)].sort((x, y) => x - y);
        if (a === b) continue;
        const score = graph.score(a, b) ?? 0.5;
        edit = s.approve ? { kind: 'approve', seq: ++seq, a, b, score } : { kind: 'reject', seq: ++seq, a, b };
      } else if (s.t === 'unmerge') edit = { kind: 'unmerge', seq: ++seq, row: at(s.pick) };
      else edit = { kind: 'shatter', seq: ++seq, members: clusters.members(clusters.clusterOf(at(s.pick))) };
      recorded.push({ edit, seen: new Map(editRows(edit).map((r) => [r, JSON.stringify(live.table.values(r))])) });
      clusters.apply(edit);
    }
  }

  // The fresh run: the final live records, in row id order, numbered from 0.
  const final = liveRows();
  const fresh: MatchRun = await runMatching(ColumnStore.fromRows(NAMES, final.map((r) => [...live.table.values(r)])), config, pool);
  const compact = new Map(final.map((r, i) => [r, i]));
  const want = new Map<string, number>();
  for (let i = 0; i < fresh.pairs.count; i++) want.set(`${final[fresh.pairs.a[i]]}-${final[fresh.pairs.b[i]]}`, fresh.pairs.score[i]);
  const got = new Map<string, number>();
  for (const r of final) graph.forEachNeighbour(r, (v, score) => void (v > r && got.set(`${r}-${v}`, score)));
  assert.deepEqual([...got.keys()].sort(), [...want.keys()].sort(), 'the same kept pairs');
  assert.equal(graph.pairCount, fresh.pairs.count, 'the live pair count (/stats pairs_kept)');
  for (const [k, s] of want) assert.ok(Math.abs((got.get(k) as number) - s) <= 1e-9, `pair ${k}: ${got.get(k)} vs ${s}`);

  const mapped = recorded
    .map((r) => current(live, r))
    .filter((e): e is Edit => e !== null)
    .map((e): Edit => {
      const m = (x: number): number => compact.get(x) as number;
      if (e.kind === 'shatter') return { ...e, members: e.members.map(m) };
      if (e.kind === 'unmerge') return { ...e, row: m(e.row) };
      return { ...e, a: m(e.a), b: m(e.b) } as Edit;
    });
  const freshGraph = PairGraph.fromPairs(final.length, fresh.pairs);
  const freshClusters = new ClusterState(final.length, freshGraph, matchedLinks(fresh.pairs), clusterLimits(config.clustering), replayEdits(mapped));
  const freshOf = freshClusters.clusterIds();
  const liveOf = clusters.clusterIds();
  for (let i = 0; i < final.length; i++) assert.equal(liveOf[final[i]], final[freshOf[i]], `cluster of row ${final[i]}`);
  for (let r = 0; r < live.table.rowCount; r++) if (!live.table.exists(r)) assert.equal(liveOf[r], -1, `deleted row ${r} is in no cluster`);
  assert.deepEqual(clusters.stats(), freshClusters.stats());
}

const base = fc.array(row, { minLength: 0, maxLength: 14 });

test('record changes alone: same clusters and pair scores as a fresh run on the final table', async () => {
  await fc.assert(fc.asyncProperty(base, fc.array(changeStep, { minLength: 1, maxLength: 12 }), (b, steps) => check(b, steps)), { numRuns: 60, seed: 16 });
});

test('record changes among steward decisions, unmerges and shatters: same as a fresh run with the edits that still apply', async () => {
  await fc.assert(
    fc.asyncProperty(base, fc.array(fc.oneof(changeStep, editStep), { minLength: 1, maxLength: 16 }), (b, steps) => check(b, steps)),
    { numRuns: 60, seed: 61 },
  );
});

test('batches scored on the worker pool: the same pairs and clusters as a fresh run, with edits in play', async () => {
  const bigBatch: fc.Arbitrary<Step> = fc.record({ t: fc.constant('batch' as const), values: fc.array(row, { minLength: 4, maxLength: 12 }), pick });
  await fc.assert(
    fc.asyncProperty(base, fc.array(fc.oneof(changeStep, bigBatch, editStep), { minLength: 1, maxLength: 10 }), (b, steps) => check(b, steps, 'pool')),
    { numRuns: 30, seed: 62 },
  );
});

/** Random changes and edits over name and city drawn from one vocabulary (so either column may hold the other's values), scored on the main thread or the pool. */
async function mixedColumnsProperty(words: ReadonlyArray<string | null>, config: typeof CONFIG, seed: number): Promise<void> {
  const word = fc.constantFrom(...words);
  const mixed: fc.Arbitrary<Row> = fc.tuple(word, word, zip).map((r) => [...r]);
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ t: fc.constant('add' as const), values: mixed }),
    fc.record({ t: fc.constant('update' as const), pick, values: mixed }),
    fc.record({ t: fc.constant('delete' as const), pick }),
    fc.record({ t: fc.constant('batch' as const), values: fc.array(mixed, { minLength: 1, maxLength: 6 }), pick }),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(mixed, { maxLength: 14 }), fc.array(fc.oneof(step, editStep), { minLength: 1, maxLength: 12 }), fc.constantFrom<Scoring>('main', 'pool'), (b, steps, scoring) => check(b, steps, scoring, config)),
    { numRuns: 40, seed },
  );
}

test('with two columns read crossed: the incremental path still equals a fresh run', async () => {
  await mixedColumnsProperty(['anna', 'ana', 'york', 'yorke', 'bob', null], SWAPPED, 63);
});

test('with an unordered blocking key: the incremental path still equals a fresh run', async () => {
  await mixedColumnsProperty(['Anna', 'anna', 'york', 'York', 'bob', '', null], UNORDERED, 64);
});

test('an added record with name and city transposed meets its partner through the unordered key alone', async () => {
  const { graph, clusters, live } = await openLive([['Robert', 'Allen', '1'], ['Mary', 'Jones', '2']], UNORDERED);
  assert.equal(graph.pairCount, 0);
  await applyRecordChanges(live, [{ kind: 'add', values: ['Allen', 'Robert', '1'] }]);
  assert.ok((graph.score(0, 2) ?? 0) >= 0.8, `score ${graph.score(0, 2)}`);
  assert.equal(clusters.clusterOf(2), clusters.clusterOf(0));
  // Changed back, it leaves the block: no pair remains.
  await applyRecordChanges(live, [{ kind: 'update', row: 2, values: ['Allen', 'Smith', '1'] }]);
  assert.equal(graph.score(0, 2), undefined);
  // Two added records, the second transposed: it meets the first among the changed rows (not in the loaded index).
  await applyRecordChanges(live, [{ kind: 'add', values: ['Ann', 'Lee', '3'] }]);
  await applyRecordChanges(live, [{ kind: 'add', values: ['Lee', 'Ann', '3'] }]);
  assert.ok((graph.score(3, 4) ?? 0) >= 0.8, `score ${graph.score(3, 4)}`);
});
