/** The autoconfig log line naming the fields two files' anchors moved: only those the committed matchkey carries at their anchored weight. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Telemetry } from '../../src/autoconfig/telemetry-schema.js';
import { anchoredLine } from '../../src/cli/autoconfig.js';

const measured = (field: string, before: number, after: number, lift: number) => ({ field, scorer: 'token_set', pairs: 200, agreement: 0.5, chance: 0.1, lift, weight_before: before, weight_after: after });

function telemetry(committed: Array<[string, number]>): Telemetry {
  return {
    anchored_weights: [measured('title', 1, 1, 0.62), measured('starring', 1, 0.24, 0.151), measured('writer', 1, 0.81, 0.502)],
    committed_matchkeys: [{ name: 'auto_weighted', type: 'weighted', threshold: 0.5, min_weight: 1, fields: committed.map(([column, weight]) => ({ column, scorer: 'token_set', weight })) }],
  } as Telemetry;
}

test('the fields committed at their anchored weight are named with the move and the lift; unmoved ones are not', () => {
  assert.equal(
    anchoredLine(telemetry([['title', 1], ['starring', 0.24], ['writer', 0.81]])),
    "fields weighed on the pairs the tables' words make: starring 1 → 0.24 (lift 0.151), writer 1 → 0.81 (lift 0.502)",
  );
});

test('weights measured but never applied (the tables were not linked across only) say nothing', () => {
  assert.equal(anchoredLine(telemetry([['title', 1], ['starring', 1], ['writer', 1]])), null);
  assert.equal(anchoredLine({} as Telemetry), null);
});
