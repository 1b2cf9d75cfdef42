/** EM's pair sample under sorted neighbourhood draws only window pairs of the pass it names, from every pass, deterministically. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { parseConfigText } from '../../../src/config/index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { samplePairs } from '../../../src/engine/blocking/pair-sample.js';
import { runMatching } from '../../../src/engine/run.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { pairId, windowPairs } from './reference-pairs.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

const WINDOW = 5;

test('samplePairs draws window pairs of each pass, spread over the whole sorted order', async () => {
  const rows = Array.from({ length: 300 }, (_, i) => [`n${(i * 37) % 241}`, i % 9 === 0 ? null : `c${i % 6}`]);
  const config = parseConfigText(
    `
matchkeys: [{name: w, type: weighted, threshold: 0.9, fields: [{field: name, scorer: exact}, {field: city, scorer: exact}]}]
blocking: {strategy: sorted_neighborhood, window: ${WINDOW}, keys: [{fields: [name]}, {fields: [city]}]}
`,
    'sample.yaml',
  );
  const run = await runMatching(ColumnStore.fromRows(['name', 'city'], rows), config, pool);
  const perPass = [
    windowPairs(rows.map(([n]) => (n === null ? null : [n])), WINDOW),
    windowPairs(rows.map(([, c]) => (c === null ? null : [c])), WINDOW),
  ];
  const sample = samplePairs(run.index.passes, 1000, 7);
  assert.equal(sample.count, 1000);
  const drawn = perPass.map(() => new Set<string>());
  for (let i = 0; i < sample.count; i++) {
    const id = pairId(sample.a[i], sample.b[i]);
    assert.ok(sample.a[i] < sample.b[i]);
    assert.ok(perPass[sample.pass[i]].has(id), `pair ${id} of pass ${sample.pass[i]} is not a window pair`);
    drawn[sample.pass[i]].add(id);
  }
  // Uniform over ~2,350 pairs: both passes drawn from, far from a handful of repeats.
  assert.ok(drawn.every((s) => s.size > 200), `${drawn.map((s) => s.size)} distinct pairs`);
  const again = samplePairs(run.index.passes, 1000, 7);
  assert.deepEqual(again.a, sample.a);
  assert.deepEqual(again.b, sample.b);
});
