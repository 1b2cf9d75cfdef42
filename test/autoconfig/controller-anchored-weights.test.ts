/** Anchors through the controller (two files', or found between a stacked file's tables): once the tables are linked across only, a column that rarely agrees on a true match stops outvoting the one that does. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runController } from '../../src/autoconfig/controller.js';
import { parseTelemetry } from '../../src/autoconfig/telemetry-schema.js';
import { runMatching } from '../../src/engine/run.js';
import { WorkerPool } from '../../src/engine/worker-pool.js';
import type { ColumnStore } from '../../src/data/column-store.js';
import { rng, table, word } from './fixtures.js';

const ENTITIES = 150;

/**
 * Two catalogues of the same films: the title with one word of four
 * changed, and a cast member each, the same one for only one film in ten
 * (each source lists a different actor of the cast). Row e and row
 * ENTITIES + e are one film.
 */
function films(): ColumnStore {
  const r = rng(41);
  const left: string[][] = [];
  const right: string[][] = [];
  for (let e = 0; e < ENTITIES; e++) {
    const title = Array.from({ length: 4 }, () => word(r, 7));
    const other = [...title];
    other[Math.floor(r() * 4)] = word(r, 7);
    const actor = `${word(r, 5)} ${word(r, 8)}`;
    left.push(['a.csv', title.join(' '), actor]);
    right.push(['b.csv', other.join(' '), e % 10 === 0 ? actor : `${word(r, 5)} ${word(r, 8)}`]);
  }
  return table(['source', 'title', 'cast'], [...left, ...right]);
}

/** Every film's two rows, as the column-blind finder would pair them (a few missed). */
function anchors(): Int32Array {
  const out: number[] = [];
  for (let e = 0; e < ENTITIES; e += 2) out.push(e, ENTITIES + e);
  return Int32Array.from(out);
}

async function truePairsFound(store: ColumnStore, pool: WorkerPool, config: Parameters<typeof runMatching>[1]): Promise<{ truePairs: number; falsePairs: number }> {
  const run = await runMatching(store, config, pool);
  let truePairs = 0;
  let falsePairs = 0;
  const mk = config.matchkeys[0];
  for (let i = 0; i < run.pairs.count; i++) {
    if (run.pairs.score[i] < mk.threshold) continue;
    if (Math.abs(run.pairs.a[i] - run.pairs.b[i]) === ENTITIES) truePairs++;
    else falsePairs++;
  }
  return { truePairs, falsePairs };
}

test('linked across only, the cast weighs by its lift on the anchors, and the films it kept apart are found', async () => {
  const store = films();
  const pool = new WorkerPool({ workers: 2 });
  try {
    // No anchors at all (an empty list), as a baseline.
    const plain = await runController(store, pool, { source: 'test', anchors: new Int32Array(0) });
    const anchored = await runController(store, pool, { source: 'test', anchors: anchors() });
    const telemetry = parseTelemetry(JSON.parse(JSON.stringify(anchored.telemetry)));
    assert.deepEqual(plain.telemetry.anchored_weights, []);

    const measured = telemetry.anchored_weights ?? [];
    const title = measured.find((e) => e.field === 'title');
    const cast = measured.find((e) => e.field === 'cast');
    assert.ok(title && cast, JSON.stringify(measured));
    assert.ok((title.lift ?? 0) > 0.5 && (cast.lift ?? 1) < 0.3, JSON.stringify(measured));
    assert.equal(title.weight_after, title.weight_before);
    assert.ok((cast.weight_after ?? 1) < (cast.weight_before ?? 0) / 2, JSON.stringify(cast));

    // Applied with the decision that links the tables across only, and named in its diff.
    const link = telemetry.decisions?.find((d) => d.rule_name === 'link_only_clean_sources');
    assert.ok(link, JSON.stringify(telemetry.decisions));
    const fields = anchored.config.matchkeys[0].fields.map((f) => ('weight' in f ? f : { ...f, weight: Number.NaN }));
    const castIndex = fields.findIndex((f) => f.field === 'cast');
    assert.deepEqual(link.config_diff?.[`matchkeys[0].fields[${castIndex}].weight`], { from: cast.weight_before, to: cast.weight_after });
    assert.match(link.rationale ?? '', /cast \S+ → \S+ \(lift /);
    assert.equal(fields[castIndex].weight, cast.weight_after);
    const plainCast = plain.config.matchkeys[0].fields.find((f) => f.field === 'cast');
    assert.equal(plainCast && 'weight' in plainCast ? plainCast.weight : null, cast.weight_before);

    const before = await truePairsFound(store, pool, plain.config);
    const after = await truePairsFound(store, pool, anchored.config);
    assert.ok(after.truePairs >= before.truePairs + 30, `true pairs ${before.truePairs} → ${after.truePairs}`);
    assert.ok(after.falsePairs <= before.falsePairs + 5, `false pairs ${before.falsePairs} → ${after.falsePairs}`);
  } finally {
    await pool.close();
  }
});

test('one file of two stacked tables finds its anchors between them and weighs the fields alike', async () => {
  const store = films();
  const pool = new WorkerPool({ workers: 2 });
  try {
    const stacked = await runController(store, pool, { source: 'test' });
    const measured = stacked.telemetry.anchored_weights ?? [];
    const cast = measured.find((e) => e.field === 'cast');
    assert.ok(cast !== undefined && (cast.pairs ?? 0) >= 100, JSON.stringify(measured));
    assert.ok((cast.weight_after ?? 1) < (cast.weight_before ?? 0) / 2, JSON.stringify(cast));
    const committed = stacked.config.matchkeys[0].fields.find((f) => f.field === 'cast');
    assert.equal(committed && 'weight' in committed ? committed.weight : null, cast.weight_after);
  } finally {
    await pool.close();
  }
});

test('a table without a table-of-origin column has no anchors', async () => {
  const store = table(['title', 'cast'], Array.from({ length: 40 }, (_, i) => [`film ${i % 20} part`, `actor ${i}`]));
  const pool = new WorkerPool({ workers: 2 });
  try {
    assert.equal((await runController(store, pool, { source: 'test' })).telemetry.anchored_weights, null);
  } finally {
    await pool.close();
  }
});
