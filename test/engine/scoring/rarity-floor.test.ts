/** `min_weight_by_rarity`: a field counts toward `min_weight` by the rarity of the pair's values, so namesakes in a common town stay apart while rare agreements score as before. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { parseConfigText } from '../../../src/config/index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { prepareFields } from '../../../src/engine/fields/prepared-fields.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { MISSING, weightedMean } from '../../../src/engine/scoring/matchkey-math.js';
import { matchkeyFieldRefs, PairScorer } from '../../../src/engine/scoring/pair-scorer.js';
import { valueShare } from '../../../src/engine/scoring/value-rarity.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

test('valueShare: a value rarer than the column average counts in full, a common one for its bits over the column’s', () => {
  // Counts 1, 1, 2 (T = 4, Σn² = 6): the single ones carry 2 bits against 1.415 on average.
  assert.equal(valueShare(1, 4, 6), 1);
  // Counts 3, 1 (Σn² = 10): the common value carries log2(4/3) = 0.415 bits of the column's log2(16/10) = 0.678.
  assert.ok(Math.abs(valueShare(3, 4, 10) - Math.log2(4 / 3) / Math.log2(1.6)) < 1e-12);
  // One value only: no average to fall short of. An empty column: nothing to count against.
  assert.equal(valueShare(5, 5, 25), 1);
  assert.equal(valueShare(1, 0, 0), 1);
  // Never below 0, never above 1.
  for (const [n, t, s] of [[99, 100, 9801 + 1], [1, 1000, 1000], [500, 1000, 500 * 500 + 500]]) {
    const v = valueShare(n, t, s);
    assert.ok(v >= 0 && v <= 1, `${n}/${t}: ${v}`);
  }
});

test('weightedMean with shares: the shortfall of counted weight below the floor joins the denominator', () => {
  const w = Float64Array.of(0.5, 0.5, 1);
  // Both present fields agree; counted 0.25 + 0.5 = 0.75 of a floor of 1: denominator 1 + 0.25.
  assert.equal(weightedMean(Float64Array.of(1, 1, MISSING), w, 3, 1, Float64Array.of(0.5, 1, 1)), 1 / 1.25);
  // Every share 1: exactly the plain floor, max(Σw, min_weight).
  assert.equal(weightedMean(Float64Array.of(1, 1, MISSING), w, 3, 1.5, Float64Array.of(1, 1, 1)), weightedMean(Float64Array.of(1, 1, MISSING), w, 3, 1.5));
  // Counted weight above the floor: the plain mean.
  assert.equal(weightedMean(Float64Array.of(1, 0.5, 1), w, 3, 1, Float64Array.of(0.5, 0.5, 0.5)), 1.75 / 2);
});

const yaml = (byRarity: boolean): string => `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    min_weight: 1.2
    ${byRarity ? 'min_weight_by_rarity: true' : ''}
    fields:
      - {field: name, scorer: jaro_winkler, weight: 0.8}
      - {field: town, scorer: jaro_winkler, weight: 0.4}
      - {field: born, scorer: exact, weight: 1}
`;

test('namesakes in the commonest town fall below the threshold; two records alike on rare values do not move', async () => {
  const rows: Array<Array<string | null>> = [];
  // Twenty people called Anna Keller in London, birth dates unknown; and forty people with their own names and towns.
  for (let i = 0; i < 20; i++) rows.push(['anna keller', 'london', null]);
  for (let i = 0; i < 40; i++) rows.push([`person ${i}`, `town ${i}`, null]);
  // Two records of one rare person, also without a date.
  rows.push(['zoltan quist', 'tobermory', null], ['zoltan quist', 'tobermory', null]);
  const store = ColumnStore.fromRows(['name', 'town', 'born'], rows);
  const scores = async (byRarity: boolean): Promise<[number, number]> => {
    const config = parseConfigText(yaml(byRarity), 'r.yaml');
    const fields = await prepareFields(store, matchkeyFieldRefs(config), pool);
    const scorer = new PairScorer(config, (ref) => fields.get(ref));
    const namesakes = scorer.explain(0, 1, store.record(0), store.record(1)).score;
    const rare = scorer.explain(60, 61, store.record(60), store.record(61)).score;
    // The row path agrees with the explanation.
    scorer.scoreRows(0, 1);
    assert.equal(scorer.score, namesakes);
    return [namesakes, rare];
  };
  const [plainNamesakes, plainRare] = await scores(false);
  const [namesakes, rare] = await scores(true);
  // Weight 1.2 present meets the floor: both pairs score 1 when weights alone count.
  assert.equal(plainNamesakes, 1);
  assert.equal(plainRare, 1);
  // A name and a town held by a third of the rows each carry a fraction of their columns' evidence.
  assert.ok(namesakes < 0.8, `namesakes ${namesakes}`);
  assert.equal(rare, 1);
});
