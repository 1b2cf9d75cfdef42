/** `kindred autoconfig` reports the blocking's estimated recall and the repeated columns, in the telemetry and in the YAML it writes. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { parseTelemetry } from '../../src/autoconfig/telemetry-schema.js';
import { CLI_MAIN } from '../server/server-harness.js';
import { syntheticPeople } from '../engine/pipeline/synthetic-people.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-recall-cli-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const csv = path.join(dir, 'people.csv');
{
  // A full name repeating the given name and surname columns, next to them.
  const people = syntheticPeople(3000, 4);
  const lines = [['full_name', ...people.names].join(',')];
  for (const r of people.rows) lines.push([`${r[0] ?? ''} ${r[1] ?? ''}`.trim(), ...r.map((v) => v ?? '')].join(','));
  fs.writeFileSync(csv, lines.join('\n') + '\n');
}

test('the telemetry carries the estimated recall of the committed blocking, pass by pass, and the YAML says it too', () => {
  const out = path.join(dir, 'committed.yaml');
  const stdout = execFileSync(process.execPath, [CLI_MAIN, 'autoconfig', '--file', csv, '--out', out, '--no-save', '--quiet'], { encoding: 'utf8' });
  const t = parseTelemetry(JSON.parse(stdout));
  const recall = t.blocking?.estimated_recall;
  assert.ok(typeof recall === 'number' && recall > 0.9 && recall <= 1, `estimated recall ${recall}`);
  assert.ok((t.blocking?.likely_matches ?? 0) >= 100);
  assert.equal(t.blocking?.passes?.length, t.blocking?.keys_used?.length);
  for (const p of t.blocking?.passes ?? []) assert.ok(p.estimated_recall == null || (p.estimated_recall >= 0 && p.estimated_recall <= 1));
  assert.match(fs.readFileSync(out, 'utf8'), /^# .*blocking keeps together an estimated \d+\.\d% of [\d,]+ likely matches/);
  // The parts of the full name are found inside it, and weigh less than it.
  const contained = new Set((t.contained_columns ?? []).map((c) => `${c.inner}<${c.outer}`));
  assert.ok(contained.has('given_name<full_name') && contained.has('surname<full_name'), [...contained].join(' '));
  const weight = (column: string): number => t.committed_matchkeys?.[0]?.fields?.find((f) => f.column === column)?.weight ?? NaN;
  assert.ok(weight('given_name') < weight('full_name') && weight('surname') < weight('full_name'));
});
