/** A run that keeps only its matches prunes at the threshold, and still matches exactly the pairs, with exactly the scores, of the configuration as written. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { parseConfigText } from '../../../src/config/index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { prepareFields } from '../../../src/engine/fields/prepared-fields.js';
import { matchesOnly } from '../../../src/engine/matches-only.js';
import { runMatching } from '../../../src/engine/run.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { matchkeyFieldRefs, PairScorer } from '../../../src/engine/scoring/pair-scorer.js';
import { COLUMNS, randomTable, weightedConfigText, weightedSetup } from './random-weighted-config.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

const table = randomTable(30);
const setup = weightedSetup({ scorers: ['jaro_winkler', 'levenshtein', 'exact', 'token_sort'], exactKey: true });

test('property: every pair matches under matchesOnly exactly when it matches as written, with the same score and deciding matchkey; nothing else is kept', async () => {
  await fc.assert(
    fc.asyncProperty(table, setup, async (rows, s) => {
      const config = parseConfigText(weightedConfigText(s), 'random.yaml');
      const store = ColumnStore.fromRows(COLUMNS, rows);
      const fields = await prepareFields(store, matchkeyFieldRefs(config), pool);
      const lookup = (ref: Parameters<typeof fields.get>[0]) => fields.get(ref);
      const written = new PairScorer(config, lookup);
      const only = new PairScorer(matchesOnly(config), lookup);
      only.useRowRecords();
      only.useComparisonCache(2);
      for (let x = 0; x < store.rowCount; x++) {
        for (let y = x + 1; y < store.rowCount; y++) {
          written.scoreRows(x, y);
          const kept = only.scoreRows(x, y);
          assert.equal(only.matched, written.matched, `pair ${x},${y}: matched ${only.matched} with matches only, ${written.matched} as written`);
          assert.equal(kept, written.matched, `pair ${x},${y}: kept ${kept} though matched is ${written.matched}`);
          if (written.matched) {
            assert.ok(Object.is(only.score, written.score), `pair ${x},${y}: score ${only.score} with matches only, ${written.score} as written`);
            assert.equal(only.decider, written.decider);
          }
        }
      }
    }),
    { numRuns: 150, seed: 20261127 },
  );
});

test('a whole run under matchesOnly gives the same clusters and the same matched pairs as the configuration as written', async () => {
  const rows: Array<[string | null, string | null, string | null, string | null]> = [];
  const names = ['anna', 'anne', 'ann', 'bob', 'rob', 'bobby', 'carl', 'karl', 'carla'];
  for (let i = 0; i < 120; i++) rows.push([names[i % names.length], names[(i * 7) % names.length], i % 3 === 0 ? null : String(i % 5), names[(i * 5) % names.length].slice(0, 2)]);
  const config = parseConfigText(
    `matchkeys:
  - name: m
    type: weighted
    threshold: 0.7
    fields:
      - {field: a, scorer: jaro_winkler, weight: 1}
      - {field: b, scorer: jaro_winkler, weight: 1}
      - {field: c, scorer: exact, weight: 0.5}
blocking:
  strategy: multi_pass
  keys:
    - fields: [d]
    - fields: [c]
`,
    'run.yaml',
  );
  const store = ColumnStore.fromRows(COLUMNS, rows);
  const written = await runMatching(store, config, pool);
  const only = await runMatching(store, matchesOnly(config), pool);
  assert.deepEqual(Array.from(only.clusterOf), Array.from(written.clusterOf));
  const matched = (pairs: typeof written.pairs, threshold: number): string[] => {
    const out: string[] = [];
    for (let i = 0; i < pairs.count; i++) if (pairs.score[i] >= threshold - 1e-9) out.push(`${pairs.a[i]}-${pairs.b[i]}:${pairs.score[i]}`);
    return out.sort();
  };
  assert.deepEqual(matched(only.pairs, 0.7), matched(written.pairs, 0.7));
  assert.ok(written.pairs.count > only.pairs.count, `the review band held ${written.pairs.count - only.pairs.count} pairs the matches-only run does not keep`);
  assert.equal(only.candidatePairs, written.candidatePairs);
});
