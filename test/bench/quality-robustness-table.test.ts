import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { QualityResults, QualityRun } from '../../bench/lib/quality-results.js';
import { qualityTables } from '../../bench/lib/quality-tables.js';

function run(dataset: string, mode: 'hand' | 'zero', f1: number): QualityRun {
  return {
    dataset,
    title: dataset,
    kind: 'dedupe',
    mode,
    rows: 1000,
    config: mode === 'hand' ? 'data/configs/x.yaml' : 'zero-config',
    excluded: [],
    candidate_pairs: 10,
    precision: f1,
    recall: f1,
    f1,
    bcubed_precision: f1,
    bcubed_recall: f1,
    bcubed_f1: f1,
    wall_ms: 1000,
    error: null,
  };
}

test('robustness cells are judged against their clean figure: a shared dataset\'s zero-config run, a stand-in\'s row of the stand-in table', () => {
  const q: QualityResults = {
    generated_at: '2026-11-27T00:00:00.000Z',
    commit: 'abc',
    machine: { cpus: 2, cpuModel: 'test', memoryBytes: 1, node: 'v20', platform: 'linux', release: '6', arch: 'x64', loadAverageAtStart: 0 } as unknown as QualityResults['machine'],
    runs: [run('febrl3', 'zero', 0.99), run('febrl3', 'hand', 0.98)],
    skipped: [],
    standins: [{ ...run('standin:four-names-7', 'zero', 0.94), layout: 'four-names', seed: 7 }],
    robustness: [
      { ...run('febrl3', 'zero', 0.97), column: 'surname', corruption: 'blank', hand_f1: 0.9 },
      { ...run('standin:four-names-7', 'zero', 0.91), column: 'dob', corruption: 'blank', hand_f1: null },
      { ...run('standin:four-names-7', 'zero', 0.88), column: 'surname', corruption: 'garble', hand_f1: null },
    ],
  };
  const table = qualityTables(q)['quality:robustness'];
  assert.match(table, /^2 of 3 cells pass \(drop ≤ 0\.05\)\./);
  assert.match(table, /\| febrl3 \| surname \| blank \| 0\.9900 \| 0\.9700 \| 0\.0200 \| pass \| 0\.0800 \|/);
  assert.match(table, /\| standin:four-names-7 \| dob \| blank \| 0\.9400 \| 0\.9100 \| 0\.0300 \| pass \| — \|/);
  assert.match(table, /\| standin:four-names-7 \| surname \| garble \| 0\.9400 \| 0\.8800 \| 0\.0600 \| \*\*fail\*\* \| — \|/);
});
