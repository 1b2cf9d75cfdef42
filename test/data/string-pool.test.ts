/** StringPool against a counting model: random acquire/release sequences keep each held value's id stable, free values without holders and reuse their ids. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { StringPool } from '../../src/data/string-pool.js';

test('random acquire/release sequences: ids name their values while held, and only held values stay', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.record({ acquire: fc.constantFrom('a', 'b', 'c', 'dd', '', 'é') }), fc.record({ release: fc.nat(20) })), { maxLength: 200 }), (ops) => {
      const pool = new StringPool();
      const held: Array<{ id: number; value: string }> = [];
      let mostIds = 0;
      for (const o of ops) {
        if ('acquire' in o) {
          const id = pool.acquire(o.acquire);
          const same = held.find((h) => h.value === o.acquire);
          if (same !== undefined) assert.equal(id, same.id);
          held.push({ id, value: o.acquire });
          mostIds = Math.max(mostIds, id + 1);
        } else if (held.length > 0) {
          const [h] = held.splice(o.release % held.length, 1);
          pool.release(h.id);
        }
        for (const h of held) assert.equal(pool.at(h.id), h.value);
        assert.equal(pool.size, new Set(held.map((h) => h.value)).size);
      }
      // Freed ids are reused: never more ids than distinct values (6) at once.
      assert.ok(mostIds <= 6);
    }),
    { seed: 16, numRuns: 300 },
  );
});

test('many values through growth and removals: every held value keeps its id, released ones are gone', () => {
  fc.assert(
    fc.property(fc.array(fc.string({ maxLength: 6 }), { minLength: 1, maxLength: 3000 }), fc.nat(), (values, drop) => {
      const pool = new StringPool();
      const ids = new Map<string, number>();
      for (const v of values) ids.set(v, pool.acquire(v));
      const distinct = [...ids.keys()];
      const released = new Set(distinct.filter((_, i) => (i + drop) % 3 === 0));
      for (const v of values) if (released.has(v)) pool.release(ids.get(v) as number);
      assert.equal(pool.size, distinct.length - released.size);
      for (const v of distinct) {
        if (released.has(v)) assert.equal(pool.idOf(v), -1);
        else {
          assert.equal(pool.idOf(v), ids.get(v));
          assert.equal(pool.at(ids.get(v) as number), v);
        }
      }
    }),
    { seed: 16, numRuns: 60 },
  );
});
