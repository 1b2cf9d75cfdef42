/** The model choice reads a run's score valley without measuring the whole run: the same threshold as the score_valley signal. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keepingFrom, measureRun, runScoreValley, SIGNAL_FLOOR } from '../../src/autoconfig/health-signals.js';
import { findValley, VALLEY_HISTOGRAM_FROM } from '../../src/autoconfig/score-valley.js';
import { normalizeConfig } from '../../src/config/normalize.js';
import type { Config } from '../../src/config/types.js';
import { runMatching } from '../../src/engine/run.js';
import { WorkerPool } from '../../src/engine/worker-pool.js';
import { people, peopleMatchkey, type Person } from './fixtures.js';

/** Copies with a typo in the name or e-mail and sometimes another city: their scores form a match hump apart from the non-matches. */
function typos(p: Person, r: () => number): Person {
  const at = 1 + Math.floor(r() * 3);
  const name = r() < 0.5 ? p.name.slice(0, at) + 'x' + p.name.slice(at + 1) : p.name;
  return { ...p, name, email: r() < 0.5 ? p.email.slice(0, at) + 'q' + p.email.slice(at + 1) : p.email, city: r() < 0.3 ? 'elsewhere' : p.city };
}

function configAt(threshold: number): Config {
  const c = normalizeConfig({ matchkeys: [], blocking: { keys: [{ fields: [{ field: 'city' }] }, { fields: [{ field: 'name', transforms: ['substring:0:2'] }] }] } });
  return keepingFrom({ ...c, matchkeys: [peopleMatchkey(threshold)] }, SIGNAL_FLOOR);
}

test('runScoreValley equals measureRun().score_valley, valley or none, whatever the run matched', async () => {
  const store = people(300, 5, typos);
  const pool = new WorkerPool({ workers: 2 });
  try {
    const seen: Array<number | null> = [];
    for (const threshold of [0.6, 0.75, 0.9, 0.99]) {
      const run = await runMatching(store, configAt(threshold), pool);
      const valley = runScoreValley(run);
      const signals = measureRun(run);
      assert.equal(valley, signals.score_valley, `threshold ${threshold}`);
      // The dip's edge is the valley's own, and the threshold it sets is at it or above it (the top of a flat floor).
      const found = findValley(run.pairs.score.subarray(0, run.pairs.count), Math.max(VALLEY_HISTOGRAM_FROM, SIGNAL_FLOOR));
      assert.equal(signals.score_valley_edge, valley === null ? null : (found?.edge ?? Number.NaN));
      if (valley !== null) assert.ok((signals.score_valley_edge ?? 2) <= valley);
      seen.push(valley);
    }
    assert.ok(seen.some((v) => v !== null), `a valley was found at least once: ${JSON.stringify(seen)}`);
  } finally {
    await pool.close();
  }
});
