/** Decisions the caller found stale (their records changed) are listed as inactive and flagged stale. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { StateDb } from '../../src/store/state-db.js';
import { decisionOn, tempDir } from './fixtures/temp-state.js';

const tmp = tempDir();
after(tmp.remove);

test('staleSeqs marks exactly those decisions active: false, stale: true', () => {
  const db = StateDb.open(join(tmp.dir, 'stale.sqlite'));
  try {
    const kept = db.recordDecision(decisionOn(1, 2, 'approve'));
    const changed = db.recordDecision(decisionOn(3, 4, 'reject'));
    const replaced = db.recordDecision(decisionOn(5, 6, 'approve'));
    db.recordDecision(decisionOn(5, 6, 'reject'));

    // The caller compares activeDecisions() fingerprints with the loaded records.
    const active = db.activeDecisions();
    assert.deepEqual(active.map((d) => [d.seq, d.fp_a, d.fp_b]), [
      [kept.seq, 'fp-1', 'fp-2'], [changed.seq, 'fp-3', 'fp-4'], [4, 'fp-5', 'fp-6'],
    ]);
    const stale = new Set([changed.seq, replaced.seq]);
    const { decisions, total } = db.listDecisions({ limit: 10, offset: 0 }, stale);
    assert.equal(total, 4);
    const byKey = new Map(decisions.map((d) => [`${d.pair_id}/${d.decision}`, d]));
    assert.equal(byKey.get('1-2/approve')?.active, true);
    assert.equal(byKey.get('1-2/approve')?.stale, undefined);
    assert.equal(byKey.get('3-4/reject')?.active, false);
    assert.equal(byKey.get('3-4/reject')?.stale, true);
    assert.equal(byKey.get('5-6/approve')?.stale, true, 'a replaced decision can be stale too');
    assert.equal(byKey.get('5-6/reject')?.active, true);
    assert.equal(byKey.get('5-6/reject')?.stale, undefined);

    // Without the set nothing is stale: staleness is the caller's judgement, not stored.
    assert.ok(db.listDecisions({ limit: 10, offset: 0 }).decisions.every((d) => d.stale === undefined));
  } finally {
    db.close();
  }
});
