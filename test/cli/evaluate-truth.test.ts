/** `kindred evaluate` prints pairwise and B-cubed figures as JSON, the same for both truth-file forms and equal to figures computed from `dedupe`'s clusters. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { repoPath, runCli } from './run-cli.js';

const ARGS = ['--file', 'data/people-200.csv', '--config', 'bench/workloads/tight.yaml', '--quiet'];

interface EvaluateOutput {
  rows: number;
  candidate_pairs: number;
  pairwise: { precision: number; recall: number; f1: number; true_positives: number; predicted_pairs: number; true_pairs: number };
  bcubed: { precision: number; recall: number; f1: number };
}

/** Pairwise and B-cubed figures computed here, independently, from two labelings. */
function expectedFigures(predicted: number[], truth: number[]): Omit<EvaluateOutput, 'rows' | 'candidate_pairs'> {
  const n = predicted.length;
  let tp = 0;
  let pp = 0;
  let tt = 0;
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const p = predicted[a] === predicted[b];
      const t = truth[a] === truth[b];
      if (p) pp++;
      if (t) tt++;
      if (p && t) tp++;
    }
  }
  let bp = 0;
  let br = 0;
  for (let r = 0; r < n; r++) {
    const sameP = predicted.map((c, i) => (c === predicted[r] ? i : -1)).filter((i) => i >= 0);
    const sameT = new Set(truth.map((c, i) => (c === truth[r] ? i : -1)).filter((i) => i >= 0));
    const both = sameP.filter((i) => sameT.has(i)).length;
    bp += both / sameP.length;
    br += both / sameT.size;
  }
  const f1 = (p: number, r: number): number => (p + r > 0 ? (2 * p * r) / (p + r) : 0);
  const precision = pp > 0 ? tp / pp : 1;
  const recall = tt > 0 ? tp / tt : 1;
  return {
    pairwise: { precision, recall, f1: f1(precision, recall), true_positives: tp, predicted_pairs: pp, true_pairs: tt },
    bcubed: { precision: bp / n, recall: br / n, f1: f1(bp / n, br / n) },
  };
}

test('pairs truth and labels truth give the same JSON figures, equal to an independent computation from dedupe\'s clusters', async () => {
  const [pairs, labels, dedupe] = await Promise.all([
    runCli(['evaluate', ...ARGS, '--truth', 'data/people-200-truth.csv']),
    runCli(['evaluate', ...ARGS, '--truth', 'data/people-200-clusters.csv']),
    runCli(['dedupe', ...ARGS]),
  ]);
  assert.equal(pairs.code, 0, pairs.stderr);
  assert.equal(labels.code, 0, labels.stderr);
  assert.equal(dedupe.code, 0, dedupe.stderr);
  const a = JSON.parse(pairs.stdout) as EvaluateOutput;
  const b = JSON.parse(labels.stdout) as EvaluateOutput;
  assert.equal(a.rows, 200);
  assert.ok(a.candidate_pairs > 0);
  assert.equal(b.candidate_pairs, a.candidate_pairs);
  assert.deepEqual(b.pairwise, a.pairwise);
  assert.deepEqual(b.bcubed, a.bcubed);

  const truthLines = readFileSync(repoPath('data/people-200-truth.csv'), 'utf8').trim().split('\n');
  assert.equal(a.pairwise.true_pairs, truthLines.length - 1);

  const predicted = dedupe.stdout.trim().split('\n').slice(1).map((l) => Number(l.split(',')[1]));
  const truth = readFileSync(repoPath('data/people-200-clusters.csv'), 'utf8').trim().split('\n').slice(1).map((l) => Number(l.split(',')[1]));
  const expected = expectedFigures(predicted, truth);
  assert.equal(a.pairwise.true_positives, expected.pairwise.true_positives);
  assert.equal(a.pairwise.predicted_pairs, expected.pairwise.predicted_pairs);
  for (const key of ['precision', 'recall', 'f1'] as const) {
    assert.ok(Math.abs(a.pairwise[key] - expected.pairwise[key]) < 1e-12, `pairwise ${key}`);
    assert.ok(Math.abs(a.bcubed[key] - expected.bcubed[key]) < 1e-12, `bcubed ${key}`);
  }
  // The tight workload on this sample is good but not perfect: the figures are informative.
  assert.ok(a.pairwise.f1 > 0.8 && a.pairwise.f1 <= 1);
});

test('a truth file with an unknown header exits 2 naming the expected forms', async () => {
  const r = await runCli(['evaluate', ...ARGS, '--truth', 'data/people-200.csv']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /row_id_a,row_id_b or row_id,cluster/);
});
