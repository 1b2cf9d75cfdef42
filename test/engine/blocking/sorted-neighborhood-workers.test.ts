/** A sorted-neighbourhood run gives the same results on one worker as on two, with its long sorted runs cut into many tasks. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { parseConfigText } from '../../../src/config/index.js';
import { runMatching, type MatchRun } from '../../../src/engine/run.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { peopleStore, syntheticPeople } from '../pipeline/synthetic-people.js';

const one = new WorkerPool({ workers: 1 });
const two = new WorkerPool({ workers: 2 });
after(async () => {
  await one.close();
  await two.close();
});

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
  - name: same_dob_zip
    type: exact
    fields: [dob, zip]
blocking:
  strategy: sorted_neighborhood
  window: 25
  keys:
    - fields: [surname, given_name]
    - fields: [{field: dob, transforms: ["substring:0:7"]}, zip]
`,
  'sn-parity.yaml',
);

function keptPairs(run: MatchRun): string[] {
  const out: string[] = [];
  for (let i = 0; i < run.pairs.count; i++) out.push(`${run.pairs.a[i]}-${run.pairs.b[i]} ${run.pairs.score[i]} ${run.pairs.flags[i]}`);
  return out.sort();
}

test('workers: 1 and workers: 2 agree on candidate pairs, every kept pair and score, and clusters', async () => {
  const store = peopleStore(syntheticPeople(4000, 23));
  const runOne = await runMatching(store, CONFIG, one);
  const runTwo = await runMatching(store, CONFIG, two);
  const scoreTasks = (run: MatchRun): number => Number(run.phases.find((p) => p.phase === 'score')?.detail.tasks);
  // Two window passes of ~4000 rows each: ~2 × 4000 × 24 pairs, far more than one task holds.
  assert.ok(scoreTasks(runOne) > 2 && scoreTasks(runTwo) > 2, `${scoreTasks(runOne)} and ${scoreTasks(runTwo)} tasks`);
  const pass0 = (runOne.passPairs ?? [])[0];
  assert.ok(pass0 > 80_000, `${pass0} pairs in pass 0`);
  assert.equal(runTwo.candidatePairs, runOne.candidatePairs);
  assert.ok(runOne.pairs.count > 300, `${runOne.pairs.count} kept pairs`);
  assert.deepEqual(keptPairs(runTwo), keptPairs(runOne));
  assert.deepEqual(runTwo.clusterOf, runOne.clusterOf);
});
