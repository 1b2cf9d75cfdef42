/** `kindred dedupe` names every oversized block on stderr: its pass, key, size, and whether it was split (into how many sub-blocks), scored or skipped. */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { oversizedLines } from '../../src/cli/oversized-lines.js';
import { cliTempDir, runCli } from './run-cli.js';

const tmp = cliTempDir();
after(tmp.remove);

test('a split block, a still-oversized sub-block and a skipped block each get a line', async () => {
  const csv = join(tmp.dir, 'giant.csv');
  const rows = ['zip,surname,email'];
  for (let i = 0; i < 30; i++) rows.push(`10001,${i < 12 ? 'smith' : i < 27 ? `s${i}` : ''},${i < 25 ? 'none' : `p${i}@x.org`}`);
  for (let i = 0; i < 3; i++) rows.push(`20002,kim,k${i}@x.org`);
  writeFileSync(csv, rows.join('\n') + '\n');
  const config = join(tmp.dir, 'split.yaml');
  writeFileSync(
    config,
    `matchkeys:
  - {name: same_email, type: exact, fields: [email]}
  - {name: fuzzy, type: weighted, fields: [{field: surname, scorer: jaro_winkler}, {field: zip, scorer: exact}]}
blocking:
  max_block_size: 10
  split_oversized: true
  keys: [{fields: [zip]}]
`,
  );
  const r = await runCli(['dedupe', '--file', csv, '--config', config, '--workers', '1', '--out', join(tmp.dir, 'out.csv')]);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stderr.split('\n').filter((l) => l.includes('max_block_size'));
  assert.deepEqual(lines, [
    'kindred: blocking.keys[0]: block zip="10001" has 30 rows (max_block_size 10): split by surname into 16 sub-blocks (largest 12; 3 rows without surname left out)',
    'kindred: blocking.keys[0]: sub-block zip="10001" surname="smith" has 12 rows (max_block_size 10): scored whole',
    'kindred: matchkeys[same_email]: block email="none" has 25 rows (max_block_size 10): scored whole',
  ]);
  assert.match(r.stderr, /kindred: block .* oversized=2 split=1\n/);
});

test('beyond the listing limit the rest are counted in one line', () => {
  const blocks = Array.from({ length: 4 }, (_, i) => ({ pass: 'p', key: { k: `v${i}` }, size: 9, action: 'skipped' as const, sub_block: false }));
  assert.deepEqual(oversizedLines(blocks, 5, 2), [
    'p: block k="v0" has 9 rows (max_block_size 5): skipped, its pairs are not compared',
    'p: block k="v1" has 9 rows (max_block_size 5): skipped, its pairs are not compared',
    '… and 2 more oversized blocks',
  ]);
});
