/** A blocking pass is built as soon as its key fields are prepared, while other columns are still being encoded: the index is the one built after preparing, and a failed or stopped preparation leaves no task running. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { parseConfigText } from '../../../src/config/load.js';
import type { FieldRef } from '../../../src/config/types.js';
import { BlockIndex } from '../../../src/engine/blocking/block-index.js';
import { fieldKey, type FieldDictionary } from '../../../src/engine/fields/field-dictionary.js';
import { prepareFields, type PreparedFields } from '../../../src/engine/fields/prepared-fields.js';
import { configFieldRefs, passSpecs, runMatching, type MatchRun, type PhaseReport } from '../../../src/engine/run.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { personConfig } from './person-config.js';
import { spyPool } from './spy-pool.js';
import { peopleStore, syntheticPeople } from './synthetic-people.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

const store = peopleStore(syntheticPeople(2000, 23));
// A plain pass, a pass on a transformed field, an unordered pass (a derived-key task of its own) and a split pass.
const config = personConfig(
  [
    '{fields: [state]}',
    '{fields: [dob]}',
    '{fields: [surname, {field: given_name, transforms: ["substring:0:1"]}]}',
    '{fields: [given_name, surname], unordered: true}',
  ],
  0.8,
);
const splitConfig = parseConfigText(
  `matchkeys:
  - {name: person, type: weighted, threshold: 0.8, fields: [{field: given_name, scorer: jaro_winkler, weight: 1.0}]}
blocking: {max_block_size: 100, split_oversized: true, keys: [{fields: [state], split_by: [surname]}, {fields: [zip]}]}
`,
  'split.yaml',
);
const SPLIT_LIMITS = { maxBlockSize: 100, skipOversized: false };
const LIMITS = { maxBlockSize: config.blocking.max_block_size, skipOversized: false };

let reference: MatchRun;
let prepared: PreparedFields;
let preparedForSplit: PreparedFields;
before(async () => {
  reference = await runMatching(store, config, pool);
  prepared = await prepareFields(store, configFieldRefs(config), pool);
  preparedForSplit = await prepareFields(store, configFieldRefs(splitConfig), pool);
});

const samePasses = (x: BlockIndex, y: BlockIndex): void => {
  assert.equal(x.passes.length, y.passes.length);
  x.passes.forEach((p, i) => {
    const q = y.passes[i];
    assert.equal(p.handle.groups, q.handle.groups, `pass ${i} groups`);
    assert.deepEqual(Array.from(p.order), Array.from(q.order), `pass ${i} order`);
    assert.deepEqual(Array.from(p.starts.subarray(0, p.handle.groups + 1)), Array.from(q.starts.subarray(0, q.handle.groups + 1)), `pass ${i} starts`);
    assert.deepEqual(Array.from(p.blockOf), Array.from(q.blockOf), `pass ${i} blockOf`);
    assert.deepEqual(p.subBlocks === null ? null : Array.from(p.subBlocks), q.subBlocks === null ? null : Array.from(q.subBlocks), `pass ${i} sub-blocks`);
  });
  assert.deepEqual(x.oversized, y.oversized);
};

/** Fields that become ready one at a time, in `order` (indices into the distinct keys), each a macrotask after the one before. */
function fieldsInOrder(fields: PreparedFields, order: readonly number[]): { field(ref: FieldRef): Promise<FieldDictionary> } {
  const keys = [...fields.byKey.keys()];
  const ready = new Map<string, Promise<FieldDictionary>>();
  let previous: Promise<unknown> = Promise.resolve();
  for (const k of order) {
    const key = keys[k];
    const dict = fields.byKey.get(key) as FieldDictionary;
    const now = previous.then(() => new Promise<FieldDictionary>((resolve) => setImmediate(() => resolve(dict))));
    ready.set(key, now);
    previous = now;
  }
  return { field: (ref) => ready.get(fieldKey(ref.field, ref.transforms)) as Promise<FieldDictionary> };
}

test('whatever order the fields are prepared in, the passes built from them are those built after preparing', async () => {
  const specs = passSpecs(config);
  const whole = await BlockIndex.build(specs, prepared, pool, LIMITS);
  const splitSpecs = passSpecs(splitConfig);
  const wholeSplit = await BlockIndex.build(splitSpecs, preparedForSplit, pool, SPLIT_LIMITS);
  assert.ok(wholeSplit.oversized.some((o) => o.action === 'split'), 'the split fixture splits a block');
  await fc.assert(
    fc.asyncProperty(
      fc.shuffledSubarray([...prepared.byKey.keys()].map((_, i) => i), { minLength: prepared.byKey.size }),
      fc.shuffledSubarray([...preparedForSplit.byKey.keys()].map((_, i) => i), { minLength: preparedForSplit.byKey.size }),
      async (order, splitOrder) => {
        samePasses(await BlockIndex.build(specs, fieldsInOrder(prepared, order), pool, LIMITS), whole);
        samePasses(await BlockIndex.build(splitSpecs, fieldsInOrder(preparedForSplit, splitOrder), pool, SPLIT_LIMITS), wholeSplit);
      },
    ),
    { numRuns: 12 },
  );
});

const columnOf = (input: unknown): string => store.columns[(input as { column: number }).column].name;

test('a pass whose key fields are ready is built while a column it does not need is still being prepared', async () => {
  // zip is compared, never blocked on: its preparation is held until a pass is built (or two seconds pass).
  let passBuilt: () => void = () => undefined;
  const built = new Promise<void>((resolve) => (passBuilt = resolve));
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 2000).unref());
  let passesWhileZipHeld = -1;
  const spy = spyPool(pool, (name, input, result) => {
    if (name === 'buildPass') passBuilt();
    if (name !== 'prepareColumn' || columnOf(input) !== 'zip') return result;
    return result.then(async (v) => {
      await Promise.race([built, timeout]);
      passesWhileZipHeld = spy.started.filter((n) => n === 'buildPass').length;
      return v;
    });
  });
  const run = await runMatching(store, config, spy.pool);
  assert.ok(passesWhileZipHeld >= 1, `passes built while zip was being prepared: ${passesWhileZipHeld}`);
  assert.deepEqual(Array.from(run.pairs.score), Array.from(reference.pairs.score));
  assert.deepEqual(Array.from(run.clusterOf), Array.from(reference.clusterOf));
  samePasses(run.index, reference.index);
});

test('a column that fails to prepare fails the run with its error: no pass is queued after the failure, and every task has ended when it rejects', async () => {
  const failure = new Error('zip could not be prepared');
  let startedAtFailure = -1;
  // The names (the keys of two passes) are prepared first, so their passes are queued before anything fails; zip
  // (compared, never blocked on) then fails; dob and state, the other passes' keys, are still being prepared then.
  const names: Array<Promise<unknown>> = [];
  const failed = new Promise<void>((resolve) => {
    const poll = (): void => void (startedAtFailure >= 0 ? resolve() : setTimeout(poll, 5));
    poll();
  });
  const spy = spyPool(pool, (name, input, result) => {
    if (name !== 'prepareColumn') return result;
    const column = columnOf(input);
    if (column === 'given_name' || column === 'surname') {
      names.push(result);
      return result;
    }
    if (column === 'zip') {
      return result.then(async () => {
        await Promise.allSettled(names);
        // A turn later: whatever the names' fields started has been queued.
        await new Promise((resolve) => setTimeout(resolve, 20));
        startedAtFailure = spy.started.length;
        throw failure;
      });
    }
    return result.then(async (v) => {
      await failed;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return v;
    });
  });
  const phases: string[] = [];
  await assert.rejects(runMatching(store, config, spy.pool, { onPhase: (r) => phases.push(r.phase) }), (e: unknown) => e === failure);
  assert.deepEqual(phases, []);
  assert.equal(names.length, 2);
  assert.ok(startedAtFailure > 0);
  const beforeFailure = spy.started.slice(0, startedAtFailure);
  assert.ok(beforeFailure.includes('unorderedKey'), `started before the failure: ${beforeFailure.join(', ')}`);
  const afterFailure = spy.started.slice(startedAtFailure);
  assert.ok(!afterFailure.includes('buildPass') && !afterFailure.includes('unorderedKey'), `started after the failure: ${afterFailure.join(', ')}`);
  assert.equal(spy.inFlight(), 0, 'tasks still running after the run rejected');
});

test('a run stopped while its fields are prepared queues no pass after the stop, and leaves the pool idle', async () => {
  const stop = new AbortController();
  const reason = new Error('stop while preparing');
  let startedAtStop = -1;
  const spy = spyPool(pool, (name, _input, result) => {
    if (name !== 'prepareColumn') return result;
    return result.then((v) => {
      if (!stop.signal.aborted) {
        stop.abort(reason);
        startedAtStop = spy.started.length;
      }
      return v;
    });
  });
  const phases: PhaseReport['phase'][] = [];
  await assert.rejects(runMatching(store, config, spy.pool, { signal: stop.signal, onPhase: (r) => phases.push(r.phase) }), (e: unknown) => e === reason);
  assert.ok(startedAtStop > 0);
  const afterStop = spy.started.slice(startedAtStop);
  assert.ok(!afterStop.includes('buildPass') && !afterStop.includes('unorderedKey'), `started after the stop: ${afterStop.join(', ')}`);
  // Preparing ends and is reported; the stop is seen there.
  assert.deepEqual(phases, ['prepare']);
  assert.equal(spy.inFlight(), 0, 'tasks still running after the run rejected');
  // The pool then gives the uncancelled result.
  const again = await runMatching(store, config, pool);
  assert.deepEqual(Array.from(again.pairs.score), Array.from(reference.pairs.score));
});
