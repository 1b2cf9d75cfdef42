/** `min_weight` on a weighted matchkey: the mean is taken over at least that much weight, on every scoring path, and pruning stays exact. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { parseConfigText } from '../../../src/config/index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { prepareFields } from '../../../src/engine/fields/prepared-fields.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { MISSING, weightedMean } from '../../../src/engine/scoring/matchkey-math.js';
import { matchkeyFieldRefs, PairScorer } from '../../../src/engine/scoring/pair-scorer.js';
import { seededStream } from '../../../src/engine/probabilistic/seeded-random.js';
import { syntheticPeople } from '../pipeline/synthetic-people.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

test('weightedMean: below the floor the missing weight counts as disagreement; above it the plain mean', () => {
  const w = Float64Array.of(0.5, 1, 0.5);
  assert.equal(weightedMean(Float64Array.of(1, MISSING, MISSING), w, 3, 1), 0.5);
  assert.equal(weightedMean(Float64Array.of(1, MISSING, MISSING), w, 3, 0), 1);
  assert.equal(weightedMean(Float64Array.of(1, 0.5, MISSING), w, 3, 1), 1 / 1.5);
  assert.equal(weightedMean(Float64Array.of(MISSING, MISSING, MISSING), w, 3, 1), 0);
});

const yaml = (minWeight: number, byRarity = false): string => `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    min_weight: ${minWeight}${byRarity ? '\n    min_weight_by_rarity: true' : ''}
    fields:
      - {field: given_name, scorer: jaro_winkler, weight: 1.0, transforms: [lowercase]}
      - {field: surname, scorer: jaro_winkler, weight: 1.0}
      - {field: dob, scorer: exact, weight: 1.0}
      - {field: zip, scorer: exact, weight: 0.5}
      - {field: city, scorer: levenshtein, weight: 0.3}
`;

for (const byRarity of [false, true]) {
test(`the row, query and explanation paths agree with min_weight${byRarity ? ' counted by rarity' : ''}, and pruning keeps exactly the pairs the full score keeps`, async () => {
  const people = syntheticPeople(400, 9);
  // Blank a third of the cells so pairs are compared on very different weights.
  const random = seededStream(3);
  const rows = people.rows.map((r) => r.map((v) => (random() < 0.33 ? null : v)));
  const store = ColumnStore.fromRows(people.names, rows);
  for (const minWeight of [0, 1.5, 3]) {
    const config = parseConfigText(yaml(minWeight, byRarity), 'm.yaml');
    const fields = await prepareFields(store, matchkeyFieldRefs(config), pool);
    const fast = new PairScorer(config, (ref) => fields.get(ref));
    fast.useRowRecords();
    const plain = new PairScorer(config, (ref) => fields.get(ref));
    let kept = 0;
    for (let k = 0; k < 20_000; k++) {
      const x = Math.floor(random() * store.rowCount);
      const y = Math.floor(random() * store.rowCount);
      if (x === y) continue;
      const full = plain.explain(x, y, store.record(x), store.record(y)).score;
      const isKept = fast.scoreRows(x, y);
      assert.equal(isKept, full >= 0.7 - 1e-9, `pair ${x},${y} min_weight ${minWeight}: kept ${isKept}, full score ${full}`);
      if (isKept) {
        kept++;
        assert.ok(Math.abs(fast.score - full) < 1e-12);
      } else {
        assert.ok(fast.score >= full - 1e-12, 'a pruned score is an upper bound');
      }
      const q = plain.prepareQuery(store.record(x));
      plain.scoreQuery(q, y);
      assert.ok(Math.abs(plain.score - full) < 1e-12, 'the query path gives the same number');
      // /match's path, which stops once the threshold is out of reach, decides the same.
      assert.equal(plain.matchLayout(plain.layoutQuery(q), y), full >= 0.8 - 1e-9, `match of ${x},${y}`);
    }
    assert.ok(kept > 0, `some pairs kept at min_weight ${minWeight}`);
  }
});
}

test('a pair alike on little evidence scores below one alike on much', async () => {
  const store = ColumnStore.fromRows(
    ['given_name', 'surname', 'dob', 'zip', 'city'],
    [
      ['ann', 'lee', null, null, null],
      ['ann', 'lee', null, null, null],
      ['bob', 'ray', '1970-01-01', '2000', 'york'],
      ['bob', 'ray', '1970-01-01', '2000', 'york'],
    ],
  );
  const config = parseConfigText(yaml(3), 'm.yaml');
  const fields = await prepareFields(store, matchkeyFieldRefs(config), pool);
  const scorer = new PairScorer(config, (ref) => fields.get(ref));
  assert.equal(scorer.explain(0, 1, store.record(0), store.record(1)).score, 2 / 3);
  assert.equal(scorer.explain(2, 3, store.record(2), store.record(3)).score, 1);
});
