/** The compiled row loop of a weighted matchkey gives the generic loop's similarities and bounds bit for bit, and writes only numbers into its source. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { parseConfigText } from '../../../src/config/index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { prepareFields } from '../../../src/engine/fields/prepared-fields.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { matchkeyFieldRefs, PairScorer } from '../../../src/engine/scoring/pair-scorer.js';
import { compileWeightedFill, FILLED, fillSource, literal } from '../../../src/engine/scoring/weighted-fill.js';
import { COLUMNS, randomTable, weightedConfigText, weightedSetup } from './random-weighted-config.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

/** A scorer on row records, readied with `KINDRED_OPTIMISATIONS_OFF` set to `off` (read when the loops are compiled). */
function recordScorer(off: string, build: () => PairScorer): PairScorer {
  const before = process.env.KINDRED_OPTIMISATIONS_OFF;
  process.env.KINDRED_OPTIMISATIONS_OFF = off;
  try {
    const s = build();
    s.useRowRecords();
    s.useComparisonCache(2);
    return s;
  } finally {
    if (before === undefined) delete process.env.KINDRED_OPTIMISATIONS_OFF;
    else process.env.KINDRED_OPTIMISATIONS_OFF = before;
  }
}

// Weights of any magnitude and digits: each must reach the source as the same double.
const weights = fc.array(fc.double({ min: 0.001, max: 50, noNaN: true }), { minLength: 5, maxLength: 5 });

test('on random tables and configurations, every pair gets the same score, bound, decider and outcome from the compiled loop as from the generic one', async () => {
  await fc.assert(
    fc.asyncProperty(
      randomTable(30),
      weightedSetup({ scorers: ['jaro_winkler', 'exact', 'levenshtein', 'token_sort'], exactKey: true }),
      weights,
      fc.boolean(),
      async (rows, s0, w, prune) => {
        const s = { ...s0, fields: s0.fields.map((f, i) => ({ ...f, weight: w[i] })) };
        const config = parseConfigText(weightedConfigText(s), 'random.yaml');
        const store = ColumnStore.fromRows(COLUMNS, rows);
        const fields = await prepareFields(store, matchkeyFieldRefs(config), pool);
        const lookup = (ref: Parameters<typeof fields.get>[0]) => fields.get(ref);
        const pruneOff = prune ? '' : 'prune';
        const generic = recordScorer(['weighted-fill', pruneOff].filter(Boolean).join(','), () => new PairScorer(config, lookup));
        const compiled = recordScorer(pruneOff, () => new PairScorer(config, lookup));
        for (let x = 0; x < rows.length; x++) {
          for (let y = 0; y < rows.length; y++) {
            if (x === y) continue;
            const kept = compiled.scoreRows(x, y);
            assert.equal(kept, generic.scoreRows(x, y), `pair ${x},${y}: kept`);
            assert.ok(Object.is(compiled.score, generic.score), `pair ${x},${y}: ${compiled.score} compiled, ${generic.score} generic`);
            assert.equal(compiled.decider, generic.decider);
            assert.equal(compiled.matched, generic.matched);
          }
        }
      },
    ),
    { numRuns: 150, seed: 20261128 },
  );
});

test('readying a scorer again, as the score queue does before every task, keeps its compiled loops: a recompiled one would start cold', async () => {
  const config = parseConfigText(
    `matchkeys:
  - name: m
    type: weighted
    threshold: 0.8
    fields:
      - {field: a, scorer: levenshtein, weight: 1}
      - {field: b, scorer: exact, weight: 1}
`,
    'ready.yaml',
  );
  const store = ColumnStore.fromRows(COLUMNS, [
    ['ab', 'x', null, null],
    ['abc', 'x', null, null],
  ]);
  const fields = await prepareFields(store, matchkeyFieldRefs(config), pool);
  const scorer = recordScorer('', () => new PairScorer(config, (ref) => fields.get(ref)));
  const fill = scorer.matchkeys[0].fill;
  assert.notEqual(fill, null);
  scorer.useRowRecords();
  scorer.useComparisonCache(2);
  assert.equal(scorer.matchkeys[0].fill, fill);
});

test('a literal parses back to the same double, signed zero included; anything else is refused', () => {
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
      assert.ok(Object.is(Number(literal(n)), n), `${n} printed as ${literal(n)}`);
    }),
    { numRuns: 2000, seed: 7 },
  );
  assert.equal(literal(-0), '-0');
  assert.throws(() => literal(Number.NaN), /cannot be a literal/);
  assert.throws(() => literal(Number.POSITIVE_INFINITY), /cannot be a literal/);
});

test('a slot or field index that is not a non-negative integer, or a step that compares values without a scorer, is refused before any source is made', () => {
  const step = { field: 0, slot: 0, weight: 1, idsOnly: true, compare: null, restAfter: null };
  assert.throws(() => fillSource({ steps: [{ ...step, slot: 1.5 }], keepCutoff: 0.5, minWeight: 0 }, 4), /1.5 is not an index/);
  assert.throws(() => fillSource({ steps: [{ ...step, field: -1 }], keepCutoff: 0.5, minWeight: 0 }, 4), /-1 is not an index/);
  assert.throws(() => fillSource({ steps: [step], keepCutoff: 0.5, minWeight: 0 }, Number.NaN), /NaN is not an index/);
  assert.throws(() => compileWeightedFill({ steps: [{ ...step, idsOnly: false }], keepCutoff: 0.5, minWeight: 0 }, new Int32Array(4), 4, new Float64Array(1)), /step 0 \(field 0\) compares values but has no scorer/);
});

test('a compiled loop by hand: two exact fields, the bound returned after the first when it cannot reach the cutoff', () => {
  // Rows of two slots: row 0 = (1, 5), row 1 = (2, 5), row 2 = (1, -1).
  const records = Int32Array.of(1, 5, 2, 5, 1, -1);
  const sims = new Float64Array(2);
  const plan = {
    steps: [
      { field: 1, slot: 0, weight: 2, idsOnly: true, compare: null, restAfter: 1 },
      { field: 0, slot: 1, weight: 1, idsOnly: true, compare: null, restAfter: null },
    ],
    keepCutoff: 0.5,
    minWeight: 0,
  };
  const fill = compileWeightedFill(plan, records, 2, sims);
  // Rows 0 and 1 differ on the weight-2 field: at best 1 / 3 < 0.5, so the bound is returned.
  assert.equal(fill(0, 1), 1 / 3);
  // Rows 0 and 2 agree on it and row 2 lacks the other: every similarity is written.
  assert.equal(fill(0, 2), FILLED);
  assert.deepEqual([...sims], [-1, 1]);
  // A best case exactly at the cutoff is not pruned: the pair could still be kept.
  const atCutoff = compileWeightedFill({ ...plan, keepCutoff: 1 / 3 }, records, 2, sims);
  assert.equal(atCutoff(0, 1), FILLED);
});
