/** POST /explain with an evidence floor counted by rarity: each field says what share of its weight it counted, and the pair what it counted against the floor. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arr, call, obj, startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
let plain: TestServer;
let noFloor: TestServer;
let crossed: TestServer;
let dir: string;

const yaml = (byRarity: boolean, minWeight = 1.2): string => `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    min_weight: ${minWeight}
    ${byRarity ? 'min_weight_by_rarity: true' : ''}
    fields:
      - {field: name, scorer: jaro_winkler, weight: 0.8}
      - {field: town, scorer: jaro_winkler, weight: 0.4}
      - {field: born, scorer: exact, weight: 1}
blocking:
  keys:
    - fields: [town]
`;

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kindred-floor-'));
  // Twenty Anna Kellers in London (birth dates unknown), forty people with names and towns of their own, and two records of one rare person.
  const lines = ['name,town,born'];
  for (let i = 0; i < 20; i++) lines.push('anna keller,london,');
  for (let i = 0; i < 40; i++) lines.push(`person ${i},town ${i},`);
  lines.push('zoltan quist,tobermory,', 'zoltan quist,tobermory,');
  const file = path.join(dir, 'people.csv');
  writeFileSync(file, lines.join('\n') + '\n');
  writeFileSync(path.join(dir, 'rarity.yaml'), yaml(true));
  writeFileSync(path.join(dir, 'plain.yaml'), yaml(false));
  writeFileSync(path.join(dir, 'no-floor.yaml'), yaml(true, 0));
  t = await startTestServer({ file, config: path.join(dir, 'rarity.yaml') });
  plain = await startTestServer({ file, config: path.join(dir, 'plain.yaml') });
  noFloor = await startTestServer({ file, config: path.join(dir, 'no-floor.yaml') });
  // Given name and surname read crossed when that reads better: a common given name written as a surname still counts as common.
  const names = ['first,last,town'];
  for (let i = 0; i < 15; i++) names.push('anna,keller,london');
  for (let i = 0; i < 30; i++) names.push(`given${i},family${i},town${i}`);
  names.push('keller,anna,london', 'zoltan,quist,tobermory', 'quist,zoltan,');
  const swapFile = path.join(dir, 'swapped.csv');
  writeFileSync(swapFile, names.join('\n') + '\n');
  writeFileSync(
    path.join(dir, 'swapped.yaml'),
    `matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    min_weight: 1.6
    min_weight_by_rarity: true
    swaps: [[first, last]]
    fields:
      - {field: first, scorer: jaro_winkler, weight: 0.6}
      - {field: last, scorer: jaro_winkler, weight: 0.8}
      - {field: town, scorer: jaro_winkler, weight: 0.4}
blocking:
  keys:
    - fields: [town]
    - fields: [first]
    - fields: [last]
`,
  );
  crossed = await startTestServer({ file: swapFile, config: path.join(dir, 'swapped.yaml') });
});
after(async () => {
  await t.stop();
  await plain.stop();
  await noFloor.stop();
  await crossed.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('namesakes in a common town: each field counts a share of its weight, the pair falls under the floor, and the sentence says why', async () => {
  const r = await call(t.server.url, 'POST', '/explain', { row_id_a: 0, row_id_b: 1 });
  assert.equal(r.status, 200);
  const e = obj(r.body);
  const fields = arr(e.field_scores);
  const share = (name: string): number => Number(fields.find((f) => f.field === name)?.rarity_share);
  // A third of the rows share the name and the town: each counts a part of its weight only.
  assert.ok(share('name') > 0 && share('name') < 1, JSON.stringify(fields));
  assert.ok(share('town') > 0 && share('town') < 1, JSON.stringify(fields));
  assert.equal('rarity_share' in (fields.find((f) => f.field === 'born') ?? {}), false, 'a missing value counts nothing and has no share');
  const floor = obj(e.evidence_floor);
  assert.equal(floor.min_weight, 1.2);
  const counted = Math.round((0.8 * share('name') + 0.4 * share('town')) * 1e6) / 1e6;
  assert.ok(Math.abs(Number(floor.counted) - counted) <= 1e-6, `${floor.counted} vs ${counted}`);
  // The score is the agreeing weight over the weight present plus the shortfall under the floor.
  assert.ok(Math.abs(Number(e.overall_score) - 1.2 / (1.2 + 1.2 - Number(floor.counted))) <= 2e-6, JSON.stringify(e));
  assert.equal(e.is_match, false);
  assert.match(String(e.explanation), /name identical \(anna keller, a common value counting 0\.\d+ of its weight\)/);
  assert.match(String(e.explanation), /evidence 0\.\d+ under the floor of 1\.2, which lowers the score\.$/);
});

test('a rare pair counts its full weight: no share below 1 is mentioned, and the score reaches 1', async () => {
  const e = obj((await call(t.server.url, 'POST', '/explain', { row_id_a: 60, row_id_b: 61 })).body);
  assert.equal(e.overall_score, 1);
  assert.deepEqual(arr(e.field_scores).filter((f) => f.score !== null).map((f) => f.rarity_share), [1, 1]);
  assert.deepEqual(e.evidence_floor, { min_weight: 1.2, counted: 1.2 });
  assert.doesNotMatch(String(e.explanation), /common value|under the floor/);
});

test('without min_weight_by_rarity no field has a share; the floor counts plain weights', async () => {
  const e = obj((await call(plain.server.url, 'POST', '/explain', { row_id_a: 0, row_id_b: 1 })).body);
  assert.equal(arr(e.field_scores).some((f) => 'rarity_share' in f), false);
  assert.deepEqual(e.evidence_floor, { min_weight: 1.2, counted: 1.2 });
  assert.equal(e.overall_score, 1);
});

test('counted by rarity but with no floor (min_weight 0): shares change nothing, so neither they nor a floor are shown', async () => {
  const e = obj((await call(noFloor.server.url, 'POST', '/explain', { row_id_a: 0, row_id_b: 1 })).body);
  assert.equal(e.overall_score, 1);
  assert.equal(arr(e.field_scores).some((f) => 'rarity_share' in f), false);
  assert.equal('evidence_floor' in e, false);
  assert.doesNotMatch(String(e.explanation), /common value|floor/);
});

/** The score an explanation's fields imply: Σ w·s over the fields present, over Σ w plus the shortfall of counted weight under the floor. */
function impliedScore(e: Record<string, unknown>): number {
  let num = 0;
  let den = 0;
  for (const f of arr(e.field_scores)) {
    if (f.score === null || 'penalty' in f) continue;
    num += Number(f.weight) * Number(f.score);
    den += Number(f.weight);
  }
  const floor = obj(e.evidence_floor);
  return num / (den + Math.max(0, Number(floor.min_weight) - Number(floor.counted)));
}

test('read crossed, each field reports the share of the value it was compared with, and the fields imply the overall score', async () => {
  // Row 45 writes Anna Keller surname first; row 0 writes her as usual; rows 46 and 47 are a rare name, one transposed and without a town.
  for (const [a, b] of [[0, 45], [46, 47], [0, 1]]) {
    const e = obj((await call(crossed.server.url, 'POST', '/explain', { row_id_a: a, row_id_b: b })).body);
    const fields = arr(e.field_scores);
    if (a !== 0 || b !== 1) assert.ok(fields.some((f) => f.compared_with !== undefined), `rows ${a}, ${b} read crossed: ${JSON.stringify(fields)}`);
    for (const f of fields) if (f.score !== null) assert.ok(typeof f.rarity_share === 'number' && f.rarity_share > 0 && f.rarity_share <= 1, JSON.stringify(f));
    const floor = obj(e.evidence_floor);
    const counted = fields.reduce((sum, f) => (f.score === null ? sum : sum + Number(f.weight) * Number(f.rarity_share)), 0);
    assert.ok(Math.abs(Number(floor.counted) - counted) <= 2e-6, `counted ${floor.counted} vs ${counted}`);
    assert.ok(Math.abs(Number(e.overall_score) - impliedScore(e)) <= 2e-6, `rows ${a}, ${b}: ${e.overall_score} vs ${impliedScore(e)}`);
  }
  // The common name crossed still counts as common: its evidence falls under the floor.
  const common = obj((await call(crossed.server.url, 'POST', '/explain', { row_id_a: 0, row_id_b: 45 })).body);
  assert.ok(Number(obj(common.evidence_floor).counted) < 1.6, JSON.stringify(common));
});
