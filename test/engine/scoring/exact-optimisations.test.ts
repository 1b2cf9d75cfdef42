/** Pruning, the comparison cache and the ids-only exact path change no kept pair and no score: the optimised row path equals the plain one on random tables and configurations. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { parseConfigText } from '../../../src/config/index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { prepareFields } from '../../../src/engine/fields/prepared-fields.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { matchkeyFieldRefs, PairScorer } from '../../../src/engine/scoring/pair-scorer.js';
import { optimisationsOff } from '../../../src/engine/scoring/optimisation-switches.js';
import { COLUMNS, randomTable, weightedConfigText, weightedSetup } from './random-weighted-config.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

const SCORERS = ['jaro_winkler', 'jaro', 'levenshtein', 'exact', 'token_sort'];
const table = randomTable(40);
const setup = weightedSetup({ scorers: SCORERS, exactKey: false });

/** A scorer built with the given optimisations switched off (they are read when the scorer is built and readied). */
function scorerWith(off: string, build: () => PairScorer, ready: (s: PairScorer) => void): PairScorer {
  const before = process.env.KINDRED_OPTIMISATIONS_OFF;
  process.env.KINDRED_OPTIMISATIONS_OFF = off;
  try {
    const s = build();
    ready(s);
    return s;
  } finally {
    if (before === undefined) delete process.env.KINDRED_OPTIMISATIONS_OFF;
    else process.env.KINDRED_OPTIMISATIONS_OFF = before;
  }
}

test('the optimised row path keeps exactly the pairs the plain path keeps, with bit-identical scores', async () => {
  await fc.assert(
    fc.asyncProperty(table, setup, fc.integer({ min: 0, max: 1e6 }), async (rows, s, seed) => {
      const config = parseConfigText(weightedConfigText(s), 'random.yaml');
      const store = ColumnStore.fromRows(COLUMNS, rows);
      const fields = await prepareFields(store, matchkeyFieldRefs(config), pool);
      const lookup = (ref: Parameters<typeof fields.get>[0]) => fields.get(ref);
      const plain = scorerWith('prune,comparison-cache,exact-ids', () => new PairScorer(config, lookup), () => {});
      const fast = scorerWith('', () => new PairScorer(config, lookup), (f) => {
        f.useRowRecords();
        // Four slots: value pairs collide all the time, so a hit that is not the same pair would show.
        f.useComparisonCache(2);
      });
      // Every pair twice, in a seeded order, so the second meeting of two values is a cache hit.
      const n = store.rowCount;
      const pairs: Array<[number, number]> = [];
      for (let x = 0; x < n; x++) for (let y = x + 1; y < n; y++) pairs.push([x, y], [x, y]);
      let r = seed;
      for (let i = pairs.length - 1; i > 0; i--) {
        r = (Math.imul(r, 1103515245) + 12345) >>> 0;
        const j = r % (i + 1);
        [pairs[i], pairs[j]] = [pairs[j], pairs[i]];
      }
      for (const [x, y] of pairs) {
        const keptPlain = plain.scoreRows(x, y);
        const keptFast = fast.scoreRows(x, y);
        assert.equal(keptFast, keptPlain, `pair ${x},${y}: kept ${keptFast} optimised, ${keptPlain} plain`);
        if (keptPlain) {
          assert.ok(Object.is(fast.score, plain.score), `pair ${x},${y}: score ${fast.score} optimised, ${plain.score} plain`);
          assert.equal(fast.matched, plain.matched);
          assert.equal(fast.decider, plain.decider);
        } else {
          assert.ok(fast.score >= plain.score - 1e-12, 'a pruned score is an upper bound of the full one');
        }
      }
    }),
    { numRuns: 150, seed: 20261125 },
  );
});

test('an unknown optimisation name is an error, not an A/B that measures nothing', () => {
  assert.throws(() => optimisationsOff({ KINDRED_OPTIMISATIONS_OFF: 'prune,comparision-cache' }), /unknown optimisation "comparision-cache"/);
  assert.deepEqual(optimisationsOff({ KINDRED_OPTIMISATIONS_OFF: ' prune , ' }), ['prune']);
  assert.deepEqual(optimisationsOff({}), []);
});
