/** With split_oversized, a block over max_block_size is re-blocked by its key plus a secondary key; what was split (and what is still oversized) is reported with key and size. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { parseConfigText } from '../../../src/config/index.js';
import { ColumnStore } from '../../../src/data/column-store.js';
import { runMatching } from '../../../src/engine/run.js';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { pairId, runPairIds, sortedIds } from './reference-pairs.js';

const pool = new WorkerPool({ workers: 2 });
after(() => pool.close());

const MAX = 10;
const NAMES = ['zip', 'surname', 'given'];

function config(oversized: 'score' | 'skip', extra = ''): ReturnType<typeof parseConfigText> {
  return parseConfigText(
    `
matchkeys:
  - name: all
    type: weighted
    threshold: 0
    fields:
      - {field: surname, scorer: exact, transforms: [lowercase]}
      - {field: given, scorer: exact}
      - {field: zip, scorer: exact}
${extra}
blocking:
  max_block_size: ${MAX}
  split_oversized: true
  oversized: ${oversized}
  keys:
    - fields: [zip]
      split_by: [{field: surname, transforms: [lowercase]}]
    - fields: [given]            # split by the default secondary key: surname|lowercase
`,
    'split.yaml',
  );
}

/**
 * One giant zip block (40 rows: 14 Smiths in three spellings, 8 Joneses, 5 Lees,
 * 3 without a surname, 10 others), a small block, a 12-row block where no row
 * has a surname, rows without a zip; and an oversized given name (12 "ann").
 */
function table(): Array<Array<string | null>> {
  const rows: Array<Array<string | null>> = [];
  const giant = [
    ...Array.from({ length: 14 }, (_, i) => ['Smith', 'smith', 'SMITH'][i % 3]),
    ...Array(8).fill('jones'),
    ...Array(5).fill('Lee'),
    null, null, null,
    ...Array.from({ length: 10 }, (_, i) => `u${i}`),
  ];
  giant.forEach((s) => rows.push(['10001', s]));
  for (let i = 0; i < 6; i++) rows.push(['20002', ['kim', 'lee', 'kim', 'ng', 'ng', 'kim'][i]]);
  for (let i = 0; i < 12; i++) rows.push(['30003', null]);
  for (let i = 0; i < 4; i++) rows.push([null, 'smith']);
  // Interleave so a block's rows are not contiguous ids.
  const shuffled = rows.map((r, i) => ({ r, k: (i * 29) % rows.length })).sort((x, y) => x.k - y.k).map((x) => x.r);
  return shuffled.map((r, i) => [r[0], r[1], i % 5 === 0 ? 'ann' : `g${i % 9}`]);
}

/** Brute force: group by key; an oversized group is regrouped by key + secondary (rows lacking it drop out). */
function splitPairs(
  key: Array<string | null>,
  secondary: Array<string | null> | null,
  oversized: 'score' | 'skip',
): Set<string> {
  const groups = new Map<string, number[]>();
  key.forEach((k, r) => {
    if (k !== null) groups.set(k, [...(groups.get(k) ?? []), r]);
  });
  const out = new Set<string>();
  const allPairs = (members: number[]): void => {
    if (members.length > MAX && oversized === 'skip') return;
    for (let i = 0; i < members.length; i++) for (let j = i + 1; j < members.length; j++) out.add(pairId(members[i], members[j]));
  };
  for (const members of groups.values()) {
    if (members.length <= MAX || secondary === null) {
      allPairs(members);
      continue;
    }
    const sub = new Map<string, number[]>();
    for (const r of members) {
      const s = secondary[r];
      if (s !== null) sub.set(s, [...(sub.get(s) ?? []), r]);
    }
    for (const m of sub.values()) allPairs(m);
  }
  return out;
}

test('a giant block is split by the secondary key; candidate pairs equal the brute force; the report names key and size', async () => {
  const rows = table();
  const run = await runMatching(ColumnStore.fromRows(NAMES, rows), config('score'), pool);
  const surname = rows.map((r) => (r[1] === null ? null : r[1].toLowerCase()));
  const perPass = [splitPairs(rows.map((r) => r[0]), surname, 'score'), splitPairs(rows.map((r) => r[2]), surname, 'score')];
  const union = new Set(perPass.flatMap((s) => [...s]));
  assert.deepEqual(run.passPairs, perPass.map((s) => s.size));
  assert.equal(run.candidatePairs, union.size);
  assert.deepEqual(sortedIds(runPairIds(run.pairs)), sortedIds(union));
  // Splitting really removed pairs: the giant block alone holds C(40, 2) = 780.
  assert.ok(perPass[0].size < 780 / 2);

  const zipReport = run.index.oversized.filter((o) => o.pass === 'blocking.keys[0]');
  assert.deepEqual(zipReport, [
    {
      pass: 'blocking.keys[0]',
      key: { zip: '10001' },
      size: 40,
      action: 'split',
      sub_block: false,
      split: { by: ['surname'], sub_blocks: 13, largest_sub_block: 14, rows_without_split_key: 3 },
    },
    // Still over the limit after splitting: scored whole (oversized: score) and reported.
    { pass: 'blocking.keys[0]', key: { zip: '10001', surname: 'smith' }, size: 14, action: 'scored', sub_block: true },
    {
      pass: 'blocking.keys[0]',
      key: { zip: '30003' },
      size: 12,
      action: 'split',
      sub_block: false,
      split: { by: ['surname'], sub_blocks: 0, largest_sub_block: 0, rows_without_split_key: 12 },
    },
  ]);
  const givenReport = run.index.oversized.filter((o) => o.pass === 'blocking.keys[1]');
  assert.equal(givenReport.length, 1);
  assert.equal(givenReport[0].key.given, 'ann');
  assert.equal(givenReport[0].size, rows.filter((r) => r[2] === 'ann').length);
  assert.deepEqual(givenReport[0].split?.by, ['surname']);
  const block = run.phases.find((p) => p.phase === 'block');
  assert.equal(block?.detail.oversized, 3);
  assert.equal(block?.detail.split, 3);
});

test('with oversized: skip, a sub-block still over the limit is skipped, and an exact matchkey pass is never split', async () => {
  const rows = table();
  const run = await runMatching(ColumnStore.fromRows(NAMES, rows), config('skip', '  - {name: same_zip, type: exact, fields: [zip]}'), pool);
  const surname = rows.map((r) => (r[1] === null ? null : r[1].toLowerCase()));
  const perPass = [
    splitPairs(rows.map((r) => r[0]), surname, 'skip'),
    splitPairs(rows.map((r) => r[2]), surname, 'skip'),
    splitPairs(rows.map((r) => r[0]), null, 'skip'),
  ];
  const union = new Set(perPass.flatMap((s) => [...s]));
  assert.deepEqual(run.passPairs, perPass.map((s) => s.size));
  assert.deepEqual(sortedIds(runPairIds(run.pairs)), sortedIds(union));
  const smiths = run.index.oversized.find((o) => o.sub_block && o.key.surname === 'smith');
  assert.equal(smiths?.action, 'skipped');
  assert.deepEqual(
    run.index.oversized.filter((o) => o.pass === 'matchkeys[same_zip]').map((o) => [o.key.zip, o.size, o.action]),
    [['10001', 40, 'skipped'], ['30003', 12, 'skipped']],
  );
});
