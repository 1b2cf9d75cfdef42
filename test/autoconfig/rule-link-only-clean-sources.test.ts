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
  assert.match(link.rationale ?? '', /lie inside one table of source, at most half the 50% that rows dealt to tables at random would put there/);
  assert.deepStrictEqual(link.config_diff, {
    'link.mode': { from: 'link_and_dedupe', to: 'link_only' },
    'clustering.max_cluster_size': { from: 100, to: 2 },
    // The stacked tables' anchors: the year agrees on every pair across, the title (one word of four changed) less.
    'matchkeys[0].fields[0].weight': { from: 0.82, to: 0.59 },
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

test('matches across that pair off one to one link the tables, however many look-alikes one table lists', async () => {
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
  assert.match(link.rationale ?? '', /100% of 120 matched pairs across the tables of source are each other's best partner there, \d+(\.\d+)?% of \d+ inside one table/);
  assert.deepStrictEqual(config.link, { source_column: 'source', mode: 'link_only' });
});

test('a table whose records find their best partner in the other table far more often than chance is linked, even when its matches there are many to many', async () => {
  const r = rng(24);
  const rows: string[][] = [];
  for (let e = 0; e < 120; e++) {
    const title = Array.from({ length: 4 }, () => word(r, 7));
    rows.push(['shop', title.join(' ')]);
    // The catalogue lists three variants, the shop's title and a series word, told apart by one more word:
    // all three match the shop's record and each other.
    const series = word(r, 6);
    for (let v = 0; v < 3; v++) rows.push(['catalogue', [...title, series, word(r, 3)].join(' ')]);
  }
  const { telemetry, config } = await control(table(['source', 'title'], rows));
  const link = telemetry.decisions?.find((d) => d.rule_name === 'link_only_clean_sources');
  assert.ok(link, JSON.stringify(telemetry.decisions));
  assert.match(link.rationale ?? '', /records of source = shop \(100%\) find their best partner in another table/);
  assert.deepStrictEqual(config.link, { source_column: 'source', mode: 'link_only' });
});

test('one file with duplicates dealt at random to two tables stays link_and_dedupe', async () => {
  const r = rng(25);
  const rows: string[][] = [];
  for (let e = 0; e < 150; e++) {
    const first = word(r, 6);
    const last = word(r, 8);
    const born = `19${50 + Math.floor(r() * 50)}-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 10)}`;
    // Three copies of every person, with a typo in one; which table each copy lands in is a coin toss.
    for (let k = 0; k < 3; k++) {
      const typo = k === 2 ? `${last.slice(0, 3)}${last[4]}${last[3]}${last.slice(5)}` : last;
      rows.push([r() < 0.5 ? 'crm' : 'billing', first, typo, born]);
    }
  }
  const { telemetry, config } = await control(table(['source', 'first_name', 'surname', 'dob'], rows));
  assert.equal((telemetry.decisions ?? []).some((d) => d.rule_name === 'link_only_clean_sources'), false, JSON.stringify(telemetry.decisions));
  assert.deepStrictEqual(config.link, { source_column: 'source', mode: 'link_and_dedupe' });
});
