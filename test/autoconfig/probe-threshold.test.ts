import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MIN_LIKELY } from '../../src/autoconfig/model-choice.js';
import { countedAgreement, type CountedAgreement } from '../../src/autoconfig/probe-agreement.js';
import { reaches } from '../../src/engine/scoring/matchkey-math.js';
import { PROBE_THRESHOLDS, probeThreshold, thresholdByProbe, noiseMargin } from '../../src/autoconfig/probe-threshold.js';
import { normalizeConfig } from '../../src/config/normalize.js';
import type { Config } from '../../src/config/types.js';

/** `likely` likely matches scoring `matchScore`, the probe finds them all; `others` non-matches (judged so) scoring from `from` to `to`. */
function verdicts(likely: number, matchScore: (i: number) => number, others: number, from: number, to: number): (threshold: number) => CountedAgreement {
  const score = [...Array.from({ length: likely }, (_, i) => matchScore(i)), ...Array.from({ length: others }, (_, i) => from + ((to - from) * i) / Math.max(1, others - 1))];
  // Every pair accepted is judged: the first `likely` are the probe's likely matches, the rest non-matches.
  return (threshold) => {
    let accepted = 0;
    let matches = 0;
    score.forEach((s, k) => {
      if (!reaches(s, threshold)) return;
      accepted++;
      if (k < likely) matches++;
    });
    return countedAgreement(matches, accepted, matches, likely, accepted);
  };
}

function config(threshold: number): Config {
  const c = normalizeConfig({ matchkeys: [], blocking: { keys: [{ fields: [{ field: 'name' }] }] } });
  return { ...c, matchkeys: [{ name: 'auto_weighted', type: 'weighted', threshold, min_weight: 0, fields: [{ field: 'name', transforms: [], scorer: 'jaro_winkler', weight: 1 }], negative_evidence: [] }] };
}

test('the sweep covers every threshold the score valley can set, in hundredths', () => {
  assert.equal(PROBE_THRESHOLDS[0], 0.55);
  assert.equal(PROBE_THRESHOLDS.at(-1), 0.9, 'the upper edge of the valley range\'s last bin, the highest the valley returns');
  assert.ok(PROBE_THRESHOLDS.every((t, k) => k === 0 || Math.abs(t - PROBE_THRESHOLDS[k - 1] - 0.01) < 1e-9));
});

test('the best threshold is just above the non-matches the probe rejects, and ties go to the higher one', () => {
  // Matches score 0.85–0.95, non-matches 0.6–0.79: every threshold in (0.79, 0.85] agrees perfectly; the highest wins.
  const v = verdicts(200, (i) => 0.85 + (0.1 * i) / 199, 300, 0.6, 0.79);
  const best = probeThreshold(v, 0.75);
  assert.equal(best.threshold, 0.85);
  assert.equal(best.agreement.f1, 1);
  assert.ok(best.before.f1 < 1, 'at 0.75 the non-matches from 0.75 to 0.79 are accepted too');
});

test('a threshold nothing chose moves to the probe\'s best, with its rationale and diff', () => {
  const v = verdicts(200, (i) => 0.8 + (0.15 * i) / 199, 300, 0.55, 0.77);
  const moved = thresholdByProbe(config(0.75), v);
  assert.ok(moved !== null);
  assert.equal(moved.config.matchkeys[0].threshold, 0.8);
  assert.deepEqual(moved.config_diff, { 'matchkeys[0].threshold': { from: 0.75, to: 0.8 } });
  assert.match(moved.rationale, /no valley.*200 likely matches at 0\.8 .*threshold 0\.75 → 0\.8/);
});

test('the threshold stays when the probe cannot say or the gain is noise', () => {
  const clean = verdicts(200, (i) => 0.8 + (0.15 * i) / 199, 300, 0.55, 0.77);
  assert.equal(thresholdByProbe(config(0.79), clean), null, 'a move under 0.02');
  const few = verdicts(MIN_LIKELY - 1, (i) => 0.8 + (0.15 * i) / (MIN_LIKELY - 2), 300, 0.55, 0.77);
  assert.equal(thresholdByProbe(config(0.7), few), null, 'fewer likely matches than the model choice needs');
  // The probe rejects everything the run accepts: no threshold agrees with it.
  const disagree = (threshold: number): CountedAgreement => ({ ...clean(threshold), precision: 0, recall: 0, f1: 0 });
  assert.equal(thresholdByProbe(config(0.7), disagree), null, 'no agreement anywhere');
  // Nothing below 0.75 and everything a match: 0.75 is already as good as any.
  const flat = verdicts(200, (i) => 0.76 + (0.2 * i) / 199, 0, 0, 0);
  assert.equal(thresholdByProbe(config(0.75), flat), null, 'no better than where it is');
  // Two non-matches between 0.75 and 0.8 among 200 matches: F1 0.995 at 0.75 against 1 at 0.8, a lead under the margin.
  const close = verdicts(200, (i) => 0.8 + (0.15 * i) / 199, 2, 0.76, 0.77);
  assert.ok(probeThreshold(close, 0.75).agreement.f1 > probeThreshold(close, 0.75).before.f1);
  assert.equal(thresholdByProbe(config(0.75), close), null, 'a lead smaller than the model choice asks');
});

test('a lead beyond sampling noise moves the threshold up, while a move down still needs the 0.02 margin', () => {
  // A fixed sweep: F1 peaks 0.015 above the current threshold's, up at 0.81 or down at 0.69, on 10,000 likely matches.
  const sweep = (peak: number) => (threshold: number): CountedAgreement => {
    const f1 = Math.abs(threshold - peak) < 1e-9 ? 0.9 : 0.885;
    return { precision: f1, recall: f1, f1, accepted: 10_000, judged: 20_000, likely: 10_000 };
  };
  assert.ok(noiseMargin(sweep(0.81)(0.81), sweep(0.81)(0.75)) < 0.01, 'two standard errors of the difference: about 0.009');
  assert.equal(thresholdByProbe(config(0.75), sweep(0.81))?.config.matchkeys[0].threshold, 0.81);
  assert.equal(thresholdByProbe(config(0.75), sweep(0.69)), null, 'the judge leans to claiming more: a lower threshold needs a lead of 0.02');
  // On a hundred likely matches the same lead is noise, and the margin is the model choice's.
  const few = (threshold: number): CountedAgreement => ({ ...sweep(0.81)(threshold), likely: 100 });
  assert.equal(noiseMargin(few(0.81), few(0.75)), 0.02);
  assert.equal(thresholdByProbe(config(0.75), few), null);
  // Perfect agreement at both: a tie is no lead, however little noise there is.
  const perfect = (): CountedAgreement => ({ precision: 1, recall: 1, f1: 1, accepted: 120, judged: 240, likely: 120 });
  assert.ok(noiseMargin(perfect(), perfect()) > 0);
  assert.equal(thresholdByProbe(config(0.75), perfect), null);
});

test('at a valley inside the match hump the sweep only moves the threshold down, with its evidence in the rationale', () => {
  const below = { edge: 0.85, band: [0.75, 0.825] as [number, number], judged: 5636, likely: 4546, share: 0.8066 };
  // Matches spread 0.77–0.95, non-matches 0.55–0.76: the sweep's best is just above the non-matches, under the valley's 0.85.
  const v = verdicts(400, (i) => 0.77 + (0.18 * i) / 399, 300, 0.55, 0.76);
  const moved = thresholdByProbe(config(0.85), v, below);
  assert.ok(moved !== null);
  assert.equal(moved.config.matchkeys[0].threshold, 0.77);
  assert.match(moved.rationale, /dip at 0\.85, but the probe's judge calls 4546 of the 5636 pairs scoring in \[0\.75, 0\.825\) likely matches \(80\.7%\): the dip lies inside the match hump/);
  assert.match(moved.rationale, /threshold 0\.85 → 0\.77$/);
  // The same sweep peaking above the valley moves nothing: the band says the matches lost lie under it.
  const up = (threshold: number): CountedAgreement => {
    const f1 = Math.abs(threshold - 0.9) < 1e-9 ? 0.95 : 0.85;
    return { precision: f1, recall: f1, f1, accepted: 10_000, judged: 4_000, likely: 10_000 };
  };
  assert.equal(thresholdByProbe(config(0.85), up)?.config.matchkeys[0].threshold, 0.9, 'with no valley the same sweep moves it up');
  assert.equal(thresholdByProbe(config(0.85), up, below), null);
  // A move down needs a lead beyond sampling noise, as a move up does, not the 0.02 a guessed threshold's move down needs.
  const close = (likely: number) => (threshold: number): CountedAgreement => {
    const f1 = Math.abs(threshold - 0.8) < 1e-9 ? 0.9 : 0.885;
    return { precision: f1, recall: f1, f1, accepted: 10_000, judged: 4_000, likely };
  };
  assert.equal(thresholdByProbe(config(0.85), close(10_000), below)?.config.matchkeys[0].threshold, 0.8, 'a lead of 0.015 on 10,000 likely matches');
  assert.equal(thresholdByProbe(config(0.85), close(10_000)), null, 'the same move down from a threshold at no valley needs 0.02');
  assert.equal(thresholdByProbe(config(0.85), close(100), below), null, 'on 100 likely matches the same lead is noise');
});

test('under a valley the sweep skips the thresholds within 0.02 of it, and names a threshold that tops a flat floor', () => {
  // F1 peaks 0.01 under the valley (the floor's own noise) and leads by 0.03 at 0.8: the peak can never be committed, the
  // move to 0.8 can.
  const sweep = (threshold: number): CountedAgreement => {
    const f1 = Math.abs(threshold - 0.84) < 1e-9 ? 0.95 : Math.abs(threshold - 0.8) < 1e-9 ? 0.93 : 0.9;
    return { precision: f1, recall: f1, f1, accepted: 10_000, judged: 4_000, likely: 10_000 };
  };
  const floor = { edge: 0.825, band: [0.725, 0.8] as [number, number], judged: 900, likely: 700, share: 0.7778 };
  const moved = thresholdByProbe(config(0.85), sweep, floor);
  assert.equal(moved?.config.matchkeys[0].threshold, 0.8);
  assert.match(moved?.rationale ?? '', /^the pair scores dip at 0\.825 \(the threshold 0\.85 tops its flat floor\), but the probe's judge calls 700 of the 900 pairs scoring in \[0\.725, 0\.8\)/);
  // Without a valley the same sweep's best, 0.84, is the move: within 0.02 of 0.85, so none is made.
  assert.equal(thresholdByProbe(config(0.85), sweep), null);
});
