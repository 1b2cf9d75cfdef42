/** Zero-config crosses two columns only when likely matches show their values transposed, and says so in the telemetry. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnStore } from '../../src/data/column-store.js';
import { control } from './controller-run.js';
import { rng, word } from './fixtures.js';

/** People written 2–3 times with a typo now and then; `transposed` of the copies carry given name and family name the other way round. */
function registry(transposed: number, seed: number): ColumnStore {
  const r = rng(seed);
  const rows: (string | null)[][] = [];
  const typo = (s: string): string => (r() < 0.2 ? s.slice(0, -1) + 'x' : s);
  for (let e = 0; e < 700; e++) {
    const given = word(r, 5 + Math.floor(r() * 3));
    const family = word(r, 6 + Math.floor(r() * 3));
    const dob = `19${50 + Math.floor(r() * 50)}-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 9)}`;
    const town = word(r, 7);
    const copies = 2 + Math.floor(r() * 2);
    for (let k = 0; k < copies; k++) {
      const swap = k > 0 && r() < transposed;
      rows.push(swap ? [typo(family), typo(given), dob, town] : [typo(given), typo(family), dob, k > 0 && r() < 0.3 ? null : town]);
    }
  }
  return ColumnStore.fromRows(['given', 'family', 'dob', 'town'], rows);
}

test('a fifth of the copies written with given and family name transposed: the two are crossed, with the evidence in the telemetry', async () => {
  const { config, telemetry } = await control(registry(0.2, 5));
  const mk = config.matchkeys[0];
  assert.equal(mk.type, 'weighted');
  assert.deepEqual(mk.type === 'weighted' ? mk.swaps : null, [['given', 'family']]);
  const evidence = (telemetry.swapped_columns ?? []).find((s) => s.columns.join() === 'given,family');
  assert.ok(evidence, JSON.stringify(telemetry.swapped_columns));
  assert.equal(evidence.declared, true);
  const { crossed, pairs, chance } = evidence;
  assert.ok(crossed != null && pairs != null && chance != null, JSON.stringify(evidence));
  assert.ok(crossed >= 0.1 * pairs, `crossed ${crossed} of ${pairs}`);
  assert.ok(chance * 5 <= crossed);
  assert.deepEqual(telemetry.committed_matchkeys?.[0].swaps, [['given', 'family']]);
});

test('the same registry with every copy written the right way round: nothing is crossed', async () => {
  const { config, telemetry } = await control(registry(0, 5));
  const mk = config.matchkeys[0];
  assert.equal(mk.type === 'weighted' ? mk.swaps : undefined, undefined);
  const evidence = (telemetry.swapped_columns ?? []).find((s) => s.columns.join() === 'given,family');
  assert.ok(evidence, 'the pair was measured');
  assert.equal(evidence.declared, false);
  assert.equal(evidence.crossed, 0);
  assert.deepEqual(telemetry.committed_matchkeys?.[0].swaps ?? [], []);
});
