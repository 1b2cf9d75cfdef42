import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseTelemetry, TELEMETRY_SENTINEL, type Telemetry } from '../../src/autoconfig/telemetry-schema.js';

const full: Telemetry = {
  available: true,
  source: 'cli_autoconfig',
  stop_reason: 'converged',
  health: 'yellow',
  elapsed_ms: 12.5,
  scoring: { n_pairs_scored: 40, mass_above_threshold: 0.25, mass_in_borderline: 0.1 },
  blocking: { n_blocks: 7, reduction_ratio: 0.9, block_size_max: 5, block_size_p99: 4, keys_used: ['name'] },
  cluster: { n_clusters: 10, transitivity_rate: 1, cluster_size_max: 3 },
  column_priors: [{ column: 'email', identity_score: 0.9, corruption_score: 0.1 }],
  decisions: [
    { iteration: 1, rule_name: 'no_matches', rationale: 'x', config_diff: { 'matchkeys[0].threshold': { from: 0.75, to: 0.65 } }, wall_clock_ms: 3 },
  ],
  committed_matchkeys: [{ name: 'auto', type: 'weighted', threshold: 0.65, fields: [{ column: 'email', scorer: 'exact', weight: 1 }], has_negative_evidence: false }],
  negative_evidence: [{ matchkey_name: 'auto', field: 'ssn', scorer: 'exact', threshold: 1, penalty: 0.3 }],
};

test('a full telemetry object survives JSON round trip through the parser unchanged', () => {
  assert.deepStrictEqual(parseTelemetry(JSON.parse(JSON.stringify(full))), full);
});

test('the sentinel is exactly {available:false, source:null} and parses', () => {
  assert.equal(JSON.stringify(TELEMETRY_SENTINEL), '{"available":false,"source":null}');
  assert.deepStrictEqual(parseTelemetry({ available: false, source: null }), { available: false, source: null });
});

test('unknown keys are ignored at every level and optional keys may be null', () => {
  const t = parseTelemetry({ ...full, future_key: 1, scoring: { ...full.scoring, extra: 'x' }, health: null });
  assert.equal('future_key' in t, false);
  assert.deepStrictEqual(t.scoring, full.scoring);
  assert.equal(t.health, null);
});

test('every nested key may be missing too, down to the from and to of a config diff', () => {
  const t = parseTelemetry({ available: true, source: 'x', decisions: [{ config_diff: { 'matchkeys[0].threshold': {} } }, {}] });
  assert.equal(t.decisions?.length, 2);
  assert.deepStrictEqual(t.decisions?.[0].config_diff, { 'matchkeys[0].threshold': {} });
  assert.deepStrictEqual(parseTelemetry({ available: true, source: 'x', scoring: {}, cluster: {} }).scoring, {});
});

test('available and source are required; wrong types are rejected', () => {
  assert.throws(() => parseTelemetry({ source: null }));
  assert.throws(() => parseTelemetry({ available: true }));
  assert.throws(() => parseTelemetry({ ...full, health: 'purple' }));
  assert.throws(() => parseTelemetry({ ...full, scoring: { n_pairs_scored: 'many' } }));
});
