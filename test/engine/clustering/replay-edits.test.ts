import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConstraintLog, replayEdits } from '../../../src/engine/clustering/constraint-log.js';
import { KindredError } from '../../../src/errors/registry.js';

test('replay keeps one decision per pair (the latest), ordered pairs, and the latest isolation per row', () => {
  const c = replayEdits([
    { kind: 'approve', seq: 1, a: 9, b: 3, score: 0.7 },
    { kind: 'reject', seq: 2, a: 5, b: 1 },
    { kind: 'approve', seq: 3, a: 2, b: 4, score: 0.8 },
    { kind: 'reject', seq: 4, a: 3, b: 9 },
    { kind: 'shatter', seq: 5, members: [2, 4, 6] },
    { kind: 'unmerge', seq: 6, row: 4 },
    { kind: 'withdraw', seq: 7, a: 1, b: 5 },
    { kind: 'approve', seq: 8, a: 7, b: 7, score: 1 },
  ]);
  assert.deepEqual(c.mustLinks, [{ a: 2, b: 4, seq: 3, score: 0.8 }]);
  assert.deepEqual(c.cannotLinks, [{ a: 3, b: 9, seq: 4 }]);
  assert.deepEqual([...c.isolatedAt].sort((x, y) => x[0] - y[0]), [[2, 5], [4, 6], [6, 5]]);
});

test('cannot-links come out in seq order, must-links in pair-id order', () => {
  const c = replayEdits([
    { kind: 'reject', seq: 1, a: 8, b: 9 },
    { kind: 'reject', seq: 2, a: 0, b: 1 },
    { kind: 'approve', seq: 3, a: 5, b: 6, score: 0.5 },
    { kind: 'approve', seq: 4, a: 2, b: 10, score: 0.5 },
    { kind: 'approve', seq: 5, a: 2, b: 9, score: 0.5 },
  ]);
  assert.deepEqual(c.cannotLinks.map((x) => x.seq), [1, 2]);
  assert.deepEqual(c.mustLinks.map((x) => `${x.a}-${x.b}`), ['2-9', '2-10', '5-6']);
});

test('an edit whose seq does not follow the previous one is refused', () => {
  assert.throws(
    () => replayEdits([{ kind: 'unmerge', seq: 2, row: 1 }, { kind: 'unmerge', seq: 2, row: 3 }]),
    (e: unknown) => e instanceof KindredError && e.code === 'invalid_request',
  );
});

test('a log restored from constraints continues after their largest seq', () => {
  const log = ConstraintLog.from(replayEdits([{ kind: 'reject', seq: 4, a: 0, b: 1 }]));
  assert.throws(() => log.apply({ kind: 'unmerge', seq: 3, row: 0 }), KindredError);
  log.apply({ kind: 'approve', seq: 5, a: 1, b: 0, score: 0.9 });
  assert.equal(log.isCannotLink(0, 1), false);
  assert.equal(log.mustLink(1, 0)?.seq, 5);
});
