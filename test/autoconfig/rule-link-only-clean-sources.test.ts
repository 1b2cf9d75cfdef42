import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rng, table, word } from './fixtures.js';
import { control } from './controller-run.js';

test('two stacked tables without duplicates of their own are linked one to one: link_only, clusters of at most 2, threshold 0.5', async () => {
  const r = rng(21);
  const left: string[][] = [];
  const right: string[][] = [];
  for (let e = 0; e < 150; e++) {
    const title = Array.from({ length: 4 }, () => word(r, 7));
    const year = String(1990 + Math.floor(r() * 20));
    left.push(['left', title.join(' '), year]);
    // The other catalogue spells the title with one word changed.
    const other = [...title];
    other[3] = word(r, 7);
    right.push(['right', other.join(' '), year]);
  }
  const { telemetry, config } = await control(table(['source', 'title', 'year'], [...left, ...right]));
  const names = (telemetry.decisions ?? []).map((d) => d.rule_name);
  const link = telemetry.decisions?.find((d) => d.rule_name === 'link_only_clean_sources');
  assert.ok(link, JSON.stringify(telemetry.decisions));
  assert.deepStrictEqual(link.config_diff, {
    'link.mode': { from: 'link_and_dedupe', to: 'link_only' },
    'clustering.max_cluster_size': { from: 100, to: 2 },
  });
  assert.ok(names.indexOf('one_to_one_threshold') > names.indexOf('link_only_clean_sources'), JSON.stringify([telemetry.decisions, telemetry.stop_reason, telemetry.health]));
  assert.deepStrictEqual(config.link, { source_column: 'source', mode: 'link_only' });
  assert.equal(config.clustering.max_cluster_size, 2);
  assert.equal(config.matchkeys[0].threshold, 0.5);
  assert.equal(
    config.matchkeys[0].fields.some((f) => f.field === 'source'),
    false,
    'the table-of-origin column is never compared',
  );
});

test('stacked tables that each hold duplicates stay link_and_dedupe', async () => {
  const r = rng(22);
  const rows: string[][] = [];
  for (let e = 0; e < 150; e++) {
    const name = `${word(r)} ${word(r, 8)}`;
    const id = String(5_000_000 + e * 37);
    // Each table lists every entity twice; the other table does not list it at all.
    const source = e % 2 ? 'left' : 'right';
    rows.push([source, name, id], [source, name, id]);
  }
  const { telemetry, config } = await control(table(['source', 'name', 'member_id'], rows));
  assert.equal((telemetry.decisions ?? []).some((d) => d.rule_name === 'link_only_clean_sources'), false, JSON.stringify(telemetry.decisions));
  assert.deepStrictEqual(config.link, { source_column: 'source', mode: 'link_and_dedupe' });
});

test('a table whose records mostly find their best partner in the other table is linked, even when the other holds look-alikes of its own', async () => {
  const r = rng(23);
  const rows: string[][] = [];
  for (let e = 0; e < 120; e++) {
    const title = Array.from({ length: 4 }, () => word(r, 7));
    rows.push(['shop', title.join(' ')]);
    // The catalogue lists the product with one word changed, and two variants of that listing.
    const listed = [...title.slice(0, 3), word(r, 7)];
    rows.push(['catalogue', listed.join(' ')]);
    rows.push(['catalogue', [...listed, word(r, 5)].join(' ')]);
    rows.push(['catalogue', [...listed, word(r, 5)].join(' ')]);
  }
  const { telemetry, config } = await control(table(['source', 'title'], rows));
  const link = telemetry.decisions?.find((d) => d.rule_name === 'link_only_clean_sources');
  assert.ok(link, JSON.stringify(telemetry.decisions));
  assert.match(link.rationale ?? '', /source = shop \(100%\) find their best partner in another table/);
  assert.deepStrictEqual(config.link, { source_column: 'source', mode: 'link_only' });
});
