/** A weighted matchkey with swaps scores the best of its readings, the same on every path: row pairs (optimised or plain), laid-out queries, value pairs and explanations. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { parseConfigText } from '../../../src/config/index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { prepareFields } from '../../../src/engine/fields/prepared-fields.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { matchkeyFieldRefs, PairScorer } from '../../../src/engine/scoring/pair-scorer.js';
import { createScorer } from '../../../src/engine/scorers/registry.js';
import { bestReading } from '../../../src/engine/scoring/swap-readings.js';
import { MISSING } from '../../../src/engine/scoring/matchkey-math.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

const COLUMNS = ['a', 'b', 'c', 'd'];
const word = fc.stringMatching(/^[abcd]{1,6}$/);
const cell = fc.option(word, { freq: 5 });
const table = fc.array(fc.tuple(cell, cell, cell, cell), { minLength: 2, maxLength: 30 });
const setup = fc.record({
  scorer: fc.constantFrom('jaro_winkler', 'levenshtein', 'exact', 'token_sort', 'damerau_levenshtein'),
  other: fc.constantFrom('jaro_winkler', 'exact'),
  weights: fc.tuple(...[0, 1, 2, 3].map(() => fc.integer({ min: 1, max: 20 }).map((w) => w / 10))),
  threshold: fc.integer({ min: 30, max: 95 }).map((t) => t / 100),
  minWeight: fc.constantFrom(0, 1, 2.5),
  twoSwaps: fc.boolean(),
});
type Setup = typeof setup extends fc.Arbitrary<infer T> ? T : never;

function configText(s: Setup): string {
  const w = s.weights;
  const cd = s.twoSwaps ? s.scorer : s.other;
  return `matchkeys:
  - name: m
    type: weighted
    threshold: ${s.threshold}
    min_weight: ${s.minWeight}
    swaps: [[a, b]${s.twoSwaps ? ', [c, d]' : ''}]
    fields:
      - {field: a, scorer: ${s.scorer}, weight: ${w[0]}}
      - {field: b, scorer: ${s.scorer}, weight: ${w[1]}}
      - {field: c, scorer: ${cd}, weight: ${w[2]}}
      - {field: d, scorer: ${cd}, weight: ${w[3]}}
`;
}

/** The specification, written out: the weighted mean of every reading, taken over present comparisons, best one wins. */
function expectedScore(s: Setup, x: ReadonlyArray<string | null>, y: ReadonlyArray<string | null>): number {
  const scorers = [s.scorer, s.scorer, s.twoSwaps ? s.scorer : s.other, s.twoSwaps ? s.scorer : s.other].map((n) => createScorer(n, null));
  const sim = (i: number, va: string | null, vb: string | null): number | null => (va === null || vb === null ? null : va === vb ? 1 : scorers[i].values(va, vb));
  const swaps: Array<[number, number]> = s.twoSwaps ? [[0, 1], [2, 3]] : [[0, 1]];
  let best = -1;
  for (let mask = 0; mask < 1 << swaps.length; mask++) {
    const partner = [0, 1, 2, 3];
    const weight = [...s.weights];
    swaps.forEach(([l, r], k) => {
      if ((mask & (1 << k)) === 0) return;
      partner[l] = r;
      partner[r] = l;
      weight[l] = weight[r] = (s.weights[l] + s.weights[r]) / 2;
    });
    let num = 0;
    let den = 0;
    for (let i = 0; i < 4; i++) {
      const v = sim(i, x[i], y[partner[i]]);
      if (v === null) continue;
      num += weight[i] * v;
      den += weight[i];
    }
    best = Math.max(best, den > 0 ? num / Math.max(den, s.minWeight) : 0);
  }
  return best;
}

test('bestReading: transposed first name and surname score as if written alike; a perfect pair is never crossed', () => {
  const swaps = { left: Int32Array.of(0), right: Int32Array.of(1), weight: Float64Array.of(1.5) };
  const scratch = { sims: new Float64Array(3), weights: new Float64Array(3), shares: new Float64Array(3) };
  const out = { mask: -1 };
  const score = bestReading(Float64Array.of(0.1, 0.2, 1), Float64Array.of(1, 2, 1), 3, 0, swaps, Float64Array.of(1), Float64Array.of(1), scratch, out);
  assert.equal(score, 1);
  assert.equal(out.mask, 1);
  // As written it is already perfect: crossed similarities are not even read.
  const perfect = bestReading(Float64Array.of(1, 1, 0.5), Float64Array.of(1, 1, 1), 3, 0, swaps, Float64Array.of(Number.NaN), Float64Array.of(Number.NaN), scratch, out);
  assert.equal(perfect, 2.5 / 3);
  assert.equal(out.mask, 0);
  // A missing crossed comparison drops out of the mean; min_weight still floors it.
  const half = bestReading(Float64Array.of(0, 0, MISSING), Float64Array.of(1, 1, 1), 3, 2, swaps, Float64Array.of(1), Float64Array.of(MISSING), scratch, out);
  assert.equal(half, 1.5 / 2);
  assert.equal(out.mask, 1);
});

test('every path scores the best reading: rows (plain and optimised), queries, values; symmetric in the two records', async () => {
  await fc.assert(
    fc.asyncProperty(table, setup, async (rows, s) => {
      const config = parseConfigText(configText(s), 'swaps.yaml');
      const store = ColumnStore.fromRows(COLUMNS, rows);
      const fields = await prepareFields(store, matchkeyFieldRefs(config), pool);
      const lookup = (ref: Parameters<typeof fields.get>[0]) => fields.get(ref);
      const plain = new PairScorer(config, lookup);
      const fast = new PairScorer(config, lookup);
      fast.useRowRecords();
      fast.useComparisonCache(2);
      const record = (r: number): Record<string, string | null> => Object.fromEntries(COLUMNS.map((c, i) => [c, rows[r][i]]));
      for (let x = 0; x < rows.length; x++) {
        const layout = plain.layoutQuery(plain.prepareQuery(record(x)));
        for (let y = 0; y < rows.length; y++) {
          if (x === y) continue;
          const want = expectedScore(s, rows[x], rows[y]);
          plain.scorePair(x, y);
          assert.ok(Math.abs(plain.score - want) < 1e-12, `values ${x},${y}: ${plain.score}, expected ${want}`);
          const valueScore = plain.score;
          const kept = fast.scoreRows(x, y);
          if (kept) assert.ok(Object.is(fast.score, valueScore), `rows ${x},${y}: ${fast.score} vs values ${valueScore}`);
          else assert.ok(fast.score >= valueScore - 1e-12, 'a pruned row score bounds the full one');
          plain.scoreLayout(layout, y);
          assert.ok(Object.is(plain.score, valueScore), `query ${x} vs row ${y}: ${plain.score} vs values ${valueScore}`);
          assert.equal(plain.matchLayout(layout, y), valueScore >= s.threshold - 1e-9, `match ${x},${y}`);
          plain.scorePair(y, x);
          assert.ok(Math.abs(plain.score - valueScore) < 1e-12, `${x},${y} scores ${valueScore}, ${y},${x} ${plain.score}`);
        }
      }
    }),
    { numRuns: 120, seed: 20261127 },
  );
});

test('an explanation names the column a crossed field was compared with, and shows that value', async () => {
  const config = parseConfigText(
    `matchkeys:
  - name: person
    type: weighted
    threshold: 0.9
    swaps: [[first_name, surname]]
    fields:
      - {field: first_name, scorer: jaro_winkler, transforms: [lowercase]}
      - {field: surname, scorer: jaro_winkler, transforms: [lowercase]}
      - {field: dob, scorer: exact}
`,
    'person.yaml',
  );
  const cols = ['first_name', 'surname', 'dob'];
  const rows = [
    ['Robert', 'Allen', '1971-06-24'],
    ['Allen', 'Robert', '1971-06-24'],
    ['Robert', 'Allen', '1980-01-01'],
  ];
  const store = ColumnStore.fromRows(cols, rows);
  const fields = await prepareFields(store, matchkeyFieldRefs(config), pool);
  const scorer = new PairScorer(config, (ref) => fields.get(ref));
  const raw = (r: number) => Object.fromEntries(cols.map((c, i) => [c, rows[r][i]]));
  const e = scorer.explain(0, 1, raw(0), raw(1));
  assert.equal(e.score, 1);
  assert.equal(e.isMatch, true);
  assert.deepEqual(
    e.fields.map((f) => [f.field, f.compared_with ?? null, f.value_a, f.value_b, f.score]),
    [
      ['first_name', 'surname', 'Robert', 'Robert', 1],
      ['surname', 'first_name', 'Allen', 'Allen', 1],
      ['dob', null, '1971-06-24', '1971-06-24', 1],
    ],
  );
  // Written alike: nothing is crossed, and the explanation says nothing of swaps.
  const same = scorer.explain(0, 2, raw(0), raw(2));
  assert.equal(same.fields.some((f) => f.compared_with !== undefined), false);
  assert.equal(same.isMatch, false);
});
