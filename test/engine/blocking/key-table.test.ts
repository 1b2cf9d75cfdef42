/** The key table of a block pass finds the same group as a binary search over the sorted groups, for present, absent and colliding keys, split blocks included. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildPass, type PassHandle } from '../../../src/engine/blocking/block-pass.js';
import { buildPassKeyTable, findKeyRow, findKeyRows, hashIdTuple } from '../../../src/engine/blocking/key-table.js';
import { seededStream } from '../../../src/engine/probabilistic/seeded-random.js';

/** Column-wise id arrays (−1 = missing) as the shared buffers buildPass reads. */
function shared(columns: number[][]): SharedArrayBuffer[] {
  return columns.map((c) => {
    const b = new SharedArrayBuffer(4 * Math.max(1, c.length));
    new Int32Array(b).set(c);
    return b;
  });
}

/** The group lookup /match did before the table: the first group whose key tuple is ≥ the query's, if equal; −1 otherwise. */
function binarySearchGroup(pass: PassHandle, fields: Int32Array[], tuple: number[]): number {
  const order = new Int32Array(pass.order);
  const starts = new Int32Array(pass.starts);
  const cmp = (g: number): number => {
    const row = order[starts[g]];
    for (let f = 0; f < tuple.length; f++) {
      const d = fields[f][row] - tuple[f];
      if (d !== 0) return d;
    }
    return 0;
  };
  let lo = 0;
  let hi = pass.groups;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cmp(mid) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo < pass.groups && cmp(lo) === 0 ? lo : -1;
}

const tables = new WeakMap<PassHandle, Int32Array>();

/** The key table of a built pass, as the served run builds it (once per pass). */
function keyTable(pass: PassHandle, fields: Int32Array[]): Int32Array {
  const known = tables.get(pass);
  if (known !== undefined) return known;
  assert.equal(pass.keyTable, null, 'a plain run has no key tables');
  const fieldIds = fields.map((f) => {
    const b = new SharedArrayBuffer(4 * Math.max(1, f.length));
    new Int32Array(b).set(f);
    return b;
  });
  const table = new Int32Array(buildPassKeyTable({ fieldIds, order: pass.order, starts: pass.starts, groups: pass.groups }));
  tables.set(pass, table);
  return table;
}

function tableGroup(pass: PassHandle, fields: Int32Array[], tuple: number[]): number {
  const row = findKeyRow(keyTable(pass, fields), fields, tuple);
  return row < 0 ? -1 : new Int32Array(pass.blockOf)[row];
}

/** Every tuple of the id space (present and absent keys) gets the binary search's group. */
function assertSameAsBinarySearch(pass: PassHandle, fields: Int32Array[], counts: number[]): number {
  let present = 0;
  const visit = (prefix: number[]): void => {
    if (prefix.length === counts.length) {
      const expected = binarySearchGroup(pass, fields, prefix);
      assert.equal(tableGroup(pass, fields, prefix), expected, `tuple ${prefix.join(',')}`);
      if (expected >= 0) present++;
      return;
    }
    // One id past the dictionary, as a query value no row holds would never get, still must miss.
    for (let id = 0; id <= counts[prefix.length]; id++) visit([...prefix, id]);
  };
  visit([]);
  return present;
}

test('random two-field keys with missing values: the table finds exactly the groups binary search finds', () => {
  const random = seededStream(7);
  const rows = 20_000;
  const counts = [60, 40];
  const columns = counts.map((c) => Array.from({ length: rows }, () => (random() < 0.05 ? -1 : Math.floor(random() * random() * c))));
  const pass = buildPass({ rowCount: rows, fieldIds: shared(columns), fieldCounts: counts, maxBlockSize: 1_000_000, skipOversized: false });
  const fields = columns.map((c) => Int32Array.from(c));
  const present = assertSameAsBinarySearch(pass, fields, counts);
  assert.equal(present, pass.groups);
  assert.ok(present > 500 && present < 61 * 41, `a mix of present (${present}) and absent keys`);
});

test('keys whose hashes share a slot are told apart, and an absent key on the same probe path misses', () => {
  // A pass of at most 8 groups gets 16 slots: find tuples that all start probing at one slot.
  const bySlot = new Map<number, number[][]>();
  for (let a = 0; a < 40; a++) {
    for (let b = 0; b < 40; b++) {
      const slot = hashIdTuple([a, b]) & 15;
      bySlot.set(slot, [...(bySlot.get(slot) ?? []), [a, b]]);
    }
  }
  const colliding = [...bySlot.values()].find((t) => t.length >= 5) ?? [];
  assert.ok(colliding.length >= 5);
  const stored = colliding.slice(0, 4);
  const absent = colliding[4];
  // Two rows per stored key, in shuffled row order.
  const keys = [...stored, ...stored].reverse();
  const columns = [keys.map((k) => k[0]), keys.map((k) => k[1])];
  const pass = buildPass({ rowCount: keys.length, fieldIds: shared(columns), fieldCounts: [40, 40], maxBlockSize: 100, skipOversized: false });
  const fields = columns.map((c) => Int32Array.from(c));
  assert.equal(keyTable(pass, fields).length, 16);
  for (const k of stored) {
    const g = tableGroup(pass, fields, k);
    assert.equal(g, binarySearchGroup(pass, fields, k));
    const order = new Int32Array(pass.order);
    const starts = new Int32Array(pass.starts);
    const members = [...order.subarray(starts[g], starts[g + 1])];
    assert.deepEqual(members.map((r) => keys[r]), [k, k]);
  }
  assert.equal(tableGroup(pass, fields, absent), -1);
  assertSameAsBinarySearch(pass, fields, [40, 40]);
});

test('a split block: the table gives the first of its sub-blocks, as the binary search did', () => {
  // Key 0 holds 9 rows (over the limit of 4, split by the second field); key 1 holds 3.
  const key = [0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0];
  const sub = [3, 0, 3, 1, -1, 2, 1, 4, 3, 0, 5, 1];
  const pass = buildPass({
    rowCount: key.length,
    fieldIds: shared([key]),
    fieldCounts: [2],
    maxBlockSize: 4,
    skipOversized: false,
    splitIds: shared([sub]),
  });
  assert.ok(pass.subBlocks !== null);
  const fields = [Int32Array.from(key)];
  assert.equal(assertSameAsBinarySearch(pass, fields, [2]), 2);
  const first = tableGroup(pass, fields, [0]);
  assert.equal(new Uint8Array(pass.subBlocks)[first], 1);
  assert.equal(first, 0);
});

test('an empty pass answers every key with −1', () => {
  const pass = buildPass({ rowCount: 3, fieldIds: shared([[-1, -1, -1]]), fieldCounts: [1], maxBlockSize: 10, skipOversized: false });
  assert.equal(pass.groups, 0);
  assert.equal(tableGroup(pass, [Int32Array.of(-1, -1, -1)], [0]), -1);
});

test('findKeyRows answers as findKeyRow pass by pass, with absent keys, null tuples and no table', () => {
  const random = seededStream(11);
  const rows = 3_000;
  const passes = [[50], [20, 30]].map((counts) => {
    const columns = counts.map((c) => Array.from({ length: rows }, () => Math.floor(random() * c)));
    const pass = buildPass({ rowCount: rows, fieldIds: shared(columns), fieldCounts: counts, maxBlockSize: 1_000_000, skipOversized: false });
    const fields = columns.map((c) => Int32Array.from(c));
    return { table: keyTable(pass, fields), fields };
  });
  for (let k = 0; k < 200; k++) {
    const tuples = [[Math.floor(random() * 60)], k % 7 === 0 ? null : [Math.floor(random() * 25), Math.floor(random() * 35)]];
    const batched = findKeyRows([passes[0].table, passes[1].table, null], [passes[0].fields, passes[1].fields, []], [...tuples, [1]]);
    const single = tuples.map((t, p) => (t === null ? -1 : findKeyRow(passes[p].table, passes[p].fields, t)));
    assert.deepEqual([...batched], [...single, -1]);
  }
});
