/** The controller's last step counts the evidence floor by the rarity of the values, as a decision of its own, after every choice the runs made. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RARITY_FLOOR_RULE } from '../../src/autoconfig/controller.js';
import { control } from './controller-run.js';
import { people, type Person } from './fixtures.js';

/** Copies with a typo in the e-mail and sometimes another city. */
function typos(p: Person, r: () => number): Person {
  const at = 1 + Math.floor(r() * 4);
  return { ...p, email: p.email.slice(0, at) + 'q' + p.email.slice(at + 1), city: r() < 0.3 ? 'elsewhere' : p.city };
}

test('the committed weighted matchkey counts its floor by rarity, as the last decision, and its threshold is the one the runs chose', async () => {
  // Sixteen first names, sixteen surnames and five cities: namesakes in a common city abound.
  const store = people(400, 11, typos);
  const { telemetry, config } = await control(store);
  const mk = config.matchkeys[0];
  assert.equal(mk.type, 'weighted');
  if (mk.type !== 'weighted') return;
  assert.ok(mk.min_weight > 0, `a floor was set: ${mk.min_weight}`);
  assert.equal(mk.min_weight_by_rarity, true);
  const decisions = telemetry.decisions ?? [];
  const last = decisions.at(-1);
  assert.equal(last?.rule_name, RARITY_FLOOR_RULE, JSON.stringify(decisions));
  assert.deepStrictEqual(last?.config_diff, { 'matchkeys[0].min_weight_by_rarity': { from: false, to: true } });
  assert.equal(decisions.filter((d) => d.rule_name === RARITY_FLOOR_RULE).length, 1);
  // Nothing after it moved the threshold: it is the one the earlier decisions (or v0) left.
  const moves = decisions.filter((d) => d.config_diff != null && 'matchkeys[0].threshold' in d.config_diff);
  const chosen = moves.length === 0 ? 0.75 : (moves.at(-1)?.config_diff?.['matchkeys[0].threshold'].to as number);
  assert.equal(mk.threshold, chosen);
});
