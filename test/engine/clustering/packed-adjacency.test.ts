/** PackedAdjacency against a Map-of-Maps model: random link/unlinkAll sequences leave the same edges, scores, flags and counts, with records reused. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { PackedAdjacency } from '../../../src/engine/clustering/packed-adjacency.js';

type Model = Map<number, Map<number, { score: number; flags: number }>>;

function side(model: Model, row: number): Map<number, { score: number; flags: number }> {
  let m = model.get(row);
  if (m === undefined) model.set(row, (m = new Map()));
  return m;
}

const op = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('link' as const), a: fc.nat(40), b: fc.nat(40), score: fc.double({ min: 0, max: 1, noNaN: true }), flags: fc.nat(255) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unlinkAll' as const), a: fc.nat(40) }) },
);

test('random link/unlinkAll sequences: the same graph as a Map of Maps', () => {
  fc.assert(
    fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
      const adj = new PackedAdjacency();
      const model: Model = new Map();
      for (const o of ops) {
        if (o.kind === 'link') {
          if (o.a === o.b) continue;
          adj.link(o.a, o.b, o.score, o.flags);
          side(model, o.a).set(o.b, { score: o.score, flags: o.flags });
          side(model, o.b).set(o.a, { score: o.score, flags: o.flags });
        } else {
          const had = model.get(o.a) ?? new Map();
          assert.equal(adj.unlinkAll(o.a), had.size);
          for (const v of had.keys()) model.get(v)?.delete(o.a);
          model.delete(o.a);
        }
      }
      let edges = 0;
      for (let row = 0; row <= 41; row++) {
        const want = [...(model.get(row) ?? new Map()).entries()].map(([v, e]) => [v, e.score, e.flags]).sort((x, y) => x[0] - y[0]);
        const got: number[][] = [];
        adj.forEachNeighbour(row, (v, score, flags) => got.push([v, score, flags]));
        got.sort((x, y) => x[0] - y[0]);
        assert.deepEqual(got, want);
        assert.equal(adj.hasEdges(row), want.length > 0);
        for (let v = 0; v <= 41; v++) {
          const e = model.get(row)?.get(v);
          assert.equal(adj.score(row, v), e?.score);
          assert.equal(adj.flags(row, v), e?.flags);
        }
        edges += want.filter(([v]) => v > row).length;
      }
      assert.equal(adj.edgeCount, edges);
      const listed: number[][] = [];
      adj.forEachEdge((a, b, score, flags) => listed.push([a, b, score, flags]));
      const want: number[][] = [];
      for (const [a, m] of model) for (const [b, e] of m) if (a < b) want.push([a, b, e.score, e.flags]);
      const order = (x: number[], y: number[]): number => x[0] - y[0] || x[1] - y[1];
      assert.deepEqual(listed.sort(order), want.sort(order));
    }),
    { seed: 16, numRuns: 300 },
  );
});

test('freed records are reused: replacing a row again and again does not grow the arena', () => {
  const adj = new PackedAdjacency();
  for (let round = 0; round < 1000; round++) {
    adj.unlinkAll(5);
    for (let v = 0; v < 10; v++) if (v !== 5) adj.link(5, v, round / 1000, 0);
  }
  assert.equal(adj.recordsInUseAtMost, 18);
  let edges = 0;
  adj.forEachEdge(() => edges++);
  assert.equal(edges, 9);
  assert.equal(adj.edgeCount, 9);
  assert.equal(adj.score(7, 5), 0.999);
});

test('rows far beyond the first ones grow the head array', () => {
  const adj = new PackedAdjacency();
  adj.link(1_000_000, 3, 0.5, 0x81);
  assert.equal(adj.score(3, 1_000_000), 0.5);
  assert.equal(adj.flags(1_000_000, 3), 0x81);
  assert.equal(adj.score(2_000_000, 3), undefined);
  assert.equal(adj.unlinkAll(2_000_000), 0);
});
