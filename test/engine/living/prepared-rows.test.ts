/** PreparedRows against a Map of prepared queries: random set/delete sequences give back equal queries, keys in the scorer's order. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { StringPool } from '../../../src/data/string-pool.js';
import { PreparedRows } from '../../../src/engine/living/prepared-rows.js';
import type { PreparedQuery } from '../../../src/engine/scoring/pair-scorer.js';

const KEYS = ['name', 'city|lowercase', 'zip'];
const value = fc.option(fc.constantFrom('ann', 'lee', '10001', 'oslo'), { nil: null });
const query = fc.tuple(value, value, value).map((vs): PreparedQuery => new Map(KEYS.map((k, i) => [k, vs[i]])));

test('random set/delete sequences: the same prepared queries as a Map', () => {
  fc.assert(
    fc.property(fc.array(fc.record({ row: fc.nat(50), query: fc.option(query, { nil: null }) }), { maxLength: 150 }), (ops) => {
      const prepared = new PreparedRows(KEYS, new StringPool());
      const model = new Map<number, PreparedQuery>();
      for (const o of ops) {
        if (o.query === null) {
          prepared.delete(o.row);
          model.delete(o.row);
        } else {
          prepared.set(o.row, o.query);
          model.set(o.row, o.query);
        }
      }
      assert.equal(prepared.size, model.size);
      for (let row = 0; row <= 50; row++) {
        const got = prepared.get(row);
        const want = model.get(row);
        assert.equal(prepared.has(row), want !== undefined);
        assert.deepEqual(got === undefined ? undefined : [...got], want === undefined ? undefined : [...want]);
      }
    }),
    { seed: 16, numRuns: 200 },
  );
});
