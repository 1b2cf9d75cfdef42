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
