/** A probabilistic (Fellegi–Sunter) matchkey runs end to end: EM trains in a worker, pairs are scored, clusters follow the truth. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parseConfigText } from '../../../src/config/index.js';
import { evaluateClusters } from '../../../src/engine/evaluation/metrics.js';
import { runMatching, type MatchRun } from '../../../src/engine/run.js';
import { PairScorer } from '../../../src/engine/scoring/pair-scorer.js';
import { openProbabilisticModels } from '../../../src/engine/scoring/probabilistic-bridge.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { peopleStore, syntheticPeople, type SyntheticPeople } from './synthetic-people.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

const CONFIG = parseConfigText(
  `
matchkeys:
  - name: person_fs
    type: probabilistic
    threshold: 0.9
    fields:
      - {field: given_name, scorer: jaro_winkler, levels: 3, partial_threshold: 0.85}
      - {field: surname, scorer: jaro_winkler, levels: 3, partial_threshold: 0.85}
      - {field: dob, scorer: exact}
      - {field: zip, scorer: exact}
      - {field: city, scorer: exact}
    em: {max_iterations: 25, seed: 3, sample_pairs: 5000, u_pairs: 5000}
blocking:
  keys:
    - fields: [{field: surname, transforms: ["substring:0:2"]}]
    - fields: [dob]
`,
  'fs.yaml',
);

let people: SyntheticPeople;
let run: MatchRun;

before(async () => {
  people = syntheticPeople(1500, 21);
  run = await runMatching(peopleStore(people), CONFIG, pool);
});

test('the run completes with a training report and a train phase', () => {
  const report = run.training.person_fs;
  assert.ok(report, 'training report for person_fs');
  assert.equal(typeof report.converged, 'boolean');
  assert.ok(report.iterations >= 1 && report.iterations <= 25, `iterations ${report.iterations}`);
  assert.ok(report.sampled_pairs > 0);
  assert.ok(run.phases.some((p) => p.phase === 'train'));
  assert.equal(run.clusterOf.length, 1500);
});

test('clusters are sensible: high precision and most true duplicates found', () => {
  const q = evaluateClusters(run.clusterOf, people.entityOf);
  assert.ok(q.pairwise.precision >= 0.9, `precision ${q.pairwise.precision}`);
  assert.ok(q.pairwise.recall >= 0.7, `recall ${q.pairwise.recall}`);
  // Not one giant cluster either.
  const sizes = new Map<number, number>();
  for (const c of run.clusterOf) sizes.set(c, (sizes.get(c) ?? 0) + 1);
  assert.ok(Math.max(...sizes.values()) <= 10);
});

test('scores are in [0, 1] and the query path reproduces the workers\' probabilistic scores', () => {
  const lookup = (ref: { field: string; transforms: string[] }) => run.fields.get(ref);
  const scorer = new PairScorer(run.config, lookup, openProbabilisticModels(run.config, run.handle.models, lookup));
  assert.ok(run.pairs.count > 100);
  for (let i = 0; i < run.pairs.count; i++) {
    const s = run.pairs.score[i];
    assert.ok(s >= 0 && s <= 1, `score ${s}`);
    const a = run.pairs.a[i];
    const b = run.pairs.b[i];
    scorer.scoreQuery(scorer.prepareQuery(run.store.record(b)), a);
    assert.equal(scorer.score, s, `pair ${a}-${b}`);
  }
});
