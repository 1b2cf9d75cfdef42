import assert from 'node:assert/strict';
import { test } from 'node:test';
import { profileColumns } from '../../src/autoconfig/column-profile.js';
import { findLikelyMatches } from '../../src/autoconfig/likely-matches.js';
import { CHOICE_MARGIN, chooseModel, MIN_AGREEMENT, MIN_LIKELY, probabilisticTwin } from '../../src/autoconfig/model-choice.js';
import { normalizeConfig } from '../../src/config/normalize.js';
import type { Config, WeightedMatchkey } from '../../src/config/types.js';
import { WorkerPool } from '../../src/engine/worker-pool.js';
import { control } from './controller-run.js';
import { people, peopleMatchkey, type Person } from './fixtures.js';

const weighted = (threshold: number): WeightedMatchkey => peopleMatchkey(threshold, [{ field: 'city', transforms: [], scorer: 'exact', threshold: 0.5, penalty: 0.1 }]);

test('the twin keeps the fields, levels them (2 for exact), adjusts names by term frequency and drops negative evidence', () => {
  const store = people(50, 3);
  const twin = probabilisticTwin(weighted(0.8), profileColumns(store, []), 0.6);
  assert.equal(twin.type, 'probabilistic');
  assert.equal(twin.threshold, 0.6);
  assert.deepEqual(
    twin.fields.map((f) => [f.field, f.scorer, f.transforms, f.levels]),
    [['name', 'jaro_winkler', ['lowercase'], 3], ['city', 'exact', [], 2], ['email', 'damerau_levenshtein', [], 3], ['account', 'exact', [], 2]],
  );
  const kinds = new Map(profileColumns(store, []).map((p) => [p.column, p.kind]));
  for (const f of twin.fields) assert.equal(f.tf_adjustment, kinds.get(f.field) === 'name', f.field);
  assert.ok(twin.fields.some((f) => f.tf_adjustment === true), 'the name column is adjusted');
  assert.deepEqual(twin.negative_evidence, []);
});

/** Copies with a typo in the email and often a changed city: a threshold of 0.999 accepts only exact copies. */
function typos(p: Person, r: () => number): Person {
  const at = 1 + Math.floor(r() * 4);
  return { ...p, email: p.email.slice(0, at) + 'q' + p.email.slice(at + 1), city: r() < 0.3 ? 'elsewhere' : p.city };
}

function configWith(threshold: number): Config {
  const c = normalizeConfig({ matchkeys: [], blocking: { keys: [{ fields: [{ field: 'account', transforms: ['substring:0:3'] }] }, { fields: [{ field: 'name' }] }] } });
  return { ...c, matchkeys: [weighted(threshold)] };
}

test('a weighted matchkey that misses most likely matches loses to its Fellegi–Sunter twin, which is then committed', async () => {
  const store = people(400, 11, typos);
  const probeSet = findLikelyMatches(store, profileColumns(store, []));
  const pool = new WorkerPool({ workers: 2 });
  try {
    const strict = await chooseModel({ table: store, config: configWith(0.999), pairs: null, probe: probeSet, profiles: profileColumns(store, []), pool });
    const { weighted: w, probabilistic: fs } = strict.choice;
    assert.ok(w !== null && fs !== null, JSON.stringify(strict.choice));
    assert.ok((strict.choice.likely_matches ?? 0) >= MIN_LIKELY && fs.f1 >= MIN_AGREEMENT && fs.f1 >= w.f1 + CHOICE_MARGIN, JSON.stringify(strict.choice));
    assert.match(strict.choice.rationale, /a lead of/);
    assert.equal(strict.choice.chosen, 'probabilistic');
    assert.equal(strict.config.matchkeys[0].type, 'probabilistic');
    assert.equal(strict.config.matchkeys[0].threshold, fs.threshold);
    assert.ok(strict.run !== null, 'the committed model is measured');

    const fair = await chooseModel({ table: store, config: configWith(0.85), pairs: null, probe: probeSet, profiles: profileColumns(store, []), pool });
    assert.ok(fair.choice.weighted !== null && fair.choice.probabilistic !== null);
    const fsF1 = fair.choice.probabilistic.f1 ?? 0;
    const leads = fair.choice.probabilistic.em_converged === true && fsF1 >= MIN_AGREEMENT && fsF1 - (fair.choice.weighted.f1 ?? 0) >= CHOICE_MARGIN;
    assert.equal(fair.choice.chosen, leads ? 'probabilistic' : 'weighted', JSON.stringify(fair.choice));
    assert.ok(fair.choice.weighted.f1 > w.f1, 'a sensible threshold agrees better with the probe');
  } finally {
    await pool.close();
  }
});

test('the controller reports the choice in the telemetry, judged on the probe, and commits the matchkey it names', async () => {
  const { config, telemetry } = await control(people(300, 5, typos));
  const mc = telemetry.model_choice;
  assert.ok(mc, 'model_choice is reported');
  assert.equal(mc.criterion, 'probe_agreement_f1');
  assert.equal(mc.skipped, null);
  assert.ok((mc.likely_matches ?? 0) > 0 && (mc.judged_pairs ?? 0) >= (mc.likely_matches ?? 0));
  assert.ok(mc.weighted && mc.probabilistic);
  assert.equal(config.matchkeys[0].type, mc.chosen);
  assert.equal(telemetry.committed_matchkeys?.[0]?.type, mc.chosen);
});

test('a probe with too few likely matches ranks nothing: the Fellegi–Sunter twin is not even run', async () => {
  const store = people(400, 11, typos);
  const few = findLikelyMatches(store, profileColumns(store, []));
  // Keep the probe's first pairs only, so it holds fewer likely matches than the choice needs.
  const cut = { ...few, a: few.a.subarray(0, 40), b: few.b.subarray(0, 40), sims: few.sims.subarray(0, 40 * few.columns.length) };
  const pool = new WorkerPool({ workers: 2 });
  try {
    const out = await chooseModel({ table: store, config: configWith(0.999), pairs: null, probe: cut, profiles: profileColumns(store, []), pool });
    assert.equal(out.choice.chosen, 'weighted');
    assert.equal(out.choice.probabilistic, null);
    assert.match(out.choice.skipped ?? '', /too few to rank/);
    assert.equal(out.config.matchkeys[0].type, 'weighted');
  } finally {
    await pool.close();
  }
});

test('with no time left the choice is skipped and says so; the weighted matchkey stays', async () => {
  const { config, telemetry } = await control(people(300, 5, typos), { maxMs: 0 });
  assert.equal(telemetry.model_choice?.chosen, 'weighted');
  assert.match(telemetry.model_choice?.skipped ?? '', /time budget/);
  assert.equal(config.matchkeys[0].type, 'weighted');
});

test('each model is judged by the clusters it commits: under a size limit of 2 a record claims one partner, however many it links to', async () => {
  const store = people(400, 11, typos);
  const probeSet = findLikelyMatches(store, profileColumns(store, []));
  const open = configWith(0.85);
  const capped: Config = { ...open, clustering: { ...open.clustering, max_cluster_size: 2 } };
  const pool = new WorkerPool({ workers: 2 });
  try {
    const free = await chooseModel({ table: store, config: open, pairs: null, probe: probeSet, profiles: profileColumns(store, []), pool });
    const paired = await chooseModel({ table: store, config: capped, pairs: null, probe: probeSet, profiles: profileColumns(store, []), pool });
    const claimedFree = free.choice.weighted?.accepted ?? 0;
    const claimedPaired = paired.choice.weighted?.accepted ?? 0;
    // The same links; people written three times claim three pairs each in free clusters, one when clusters hold two.
    assert.ok(claimedPaired <= store.rowCount / 2, `${claimedPaired} claimed pairs among ${store.rowCount} rows`);
    assert.ok(claimedFree > claimedPaired, `${claimedFree} claimed in free clusters, ${claimedPaired} in pairs`);
  } finally {
    await pool.close();
  }
});
