/** Two worker threads give exactly the results of one: same clusters, same kept pairs with the same scores. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { parseConfigText } from '../../../src/config/index.js';
import { runMatching, type MatchRun } from '../../../src/engine/run.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { peopleStore, syntheticPeople } from './synthetic-people.js';

const one = new WorkerPool({ workers: 1 });
const two = new WorkerPool({ workers: 2 });
after(async () => {
  await one.close();
  await two.close();
});

// The coarse `state` pass makes blocks of ~500 rows, so scoring is cut into many
// tasks (single blocks split between tasks), sized by the pool, so the cuts differ.
const CONFIG = parseConfigText(
  `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    fields:
      - {field: given_name, scorer: jaro_winkler, weight: 1.0}
      - {field: surname, scorer: jaro_winkler, weight: 1.0}
      - {field: dob, scorer: exact, weight: 1.0}
      - {field: zip, scorer: exact, weight: 0.5}
      - {field: city, scorer: levenshtein, weight: 0.25}
  - name: same_dob_zip
    type: exact
    fields: [dob, zip]
blocking:
  keys:
    - fields: [state]
    - fields: [dob]
    - fields: [{field: surname, transforms: ["substring:0:2"]}, zip]
`,
  'parity.yaml',
);

function keptPairs(run: MatchRun): string[] {
  const out: string[] = [];
  for (let i = 0; i < run.pairs.count; i++) {
    out.push(`${run.pairs.a[i]}-${run.pairs.b[i]} ${run.pairs.score[i]} ${run.pairs.flags[i]}`);
  }
  return out.sort();
}

test('workers: 1 and workers: 2 agree on clusterOf, candidate pairs and every kept pair and score', async () => {
  const store = peopleStore(syntheticPeople(4000, 11));
  const runOne = await runMatching(store, CONFIG, one);
  const runTwo = await runMatching(store, CONFIG, two);
  const scoreTasks = (run: MatchRun): number => Number(run.phases.find((p) => p.phase === 'score')?.detail.tasks);
  // The scoring really was cut into several tasks (for two workers, in parallel).
  assert.ok(scoreTasks(runOne) > 1 && scoreTasks(runTwo) > 1, `${scoreTasks(runOne)} and ${scoreTasks(runTwo)} tasks`);
  assert.ok((runOne.candidatePairs ?? 0) > 100_000);
  assert.equal(runTwo.candidatePairs, runOne.candidatePairs);
  assert.ok(runOne.pairs.count > 500);
  assert.deepEqual(keptPairs(runTwo), keptPairs(runOne));
  assert.deepEqual(runTwo.clusterOf, runOne.clusterOf);
});
