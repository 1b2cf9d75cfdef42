/** `kindred autoconfig` and `kindred sql` as real processes: stdout telemetry through the one parser, YAML that loads, the SQL function. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { parseTelemetry } from '../../src/autoconfig/telemetry-schema.js';
import { loadConfigFile } from '../../src/config/index.js';
import { CLI_MAIN } from '../server/server-harness.js';
import { rng, word } from './fixtures.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-autoconfig-cli-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const csv = path.join(dir, 'people.csv');
const stateDir = path.join(dir, 'state');
{
  const r = rng(8);
  const lines = ['rec_id,name,email'];
  for (let e = 0; e < 60; e++) {
    const name = `${word(r)} ${word(r, 8)}`;
    const email = `${word(r, 5)}${e}@example.org`;
    lines.push(`${2 * e},${name},${email}`, `${2 * e + 1},${name},${email}`);
  }
  fs.writeFileSync(csv, lines.join('\n') + '\n');
}

function kindred(args: string[]): string {
  return execFileSync(process.execPath, [CLI_MAIN, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

test('kindred autoconfig prints cli_autoconfig telemetry on stdout and writes YAML that loads as a configuration', () => {
  const out = path.join(dir, 'committed.yaml');
  const stdout = kindred(['autoconfig', '--file', csv, '--exclude', 'rec_id', '--out', out, '--state', stateDir, '--quiet']);
  const telemetry = parseTelemetry(JSON.parse(stdout));
  assert.equal(telemetry.source, 'cli_autoconfig');
  assert.equal(telemetry.available, true);
  assert.equal(telemetry.column_priors?.some((p) => p.column === 'rec_id'), false);
  const config = loadConfigFile(out);
  assert.deepStrictEqual(config.exclude_columns, ['rec_id']);
  assert.equal(config.matchkeys[0].threshold, telemetry.committed_matchkeys?.[0].threshold);
});

test('kindred sql: autoconfig_telemetry() reads only POST /autoconfig runs; autoconfig_telemetry_saved(source) reads the others; with a path it runs the controller as sql_autoconfig', () => {
  kindred(['autoconfig', '--file', csv, '--exclude', 'rec_id', '--state', stateDir, '--quiet']);
  // A CLI run is saved, but the contract's slot is the latest POST /autoconfig: none yet.
  const latest = JSON.parse(kindred(['sql', '--file', csv, '--state', stateDir, 'SELECT autoconfig_telemetry() AS t'])) as { t: string };
  assert.equal(latest.t, '{"available":false,"source":null}');
  const view = JSON.parse(kindred(['sql', '--file', csv, '--state', stateDir, 'SELECT telemetry, available FROM latest_autoconfig_telemetry'])) as { telemetry: string; available: number };
  assert.deepStrictEqual([view.telemetry, view.available], [latest.t, 0]);
  const saved = JSON.parse(kindred(['sql', '--file', csv, '--state', stateDir, "SELECT autoconfig_telemetry_saved('cli_autoconfig') AS t"])) as { t: string };
  assert.equal(parseTelemetry(JSON.parse(saved.t)).source, 'cli_autoconfig');
  // The function answers the parser's output byte for byte (the shape every other surface serves).
  assert.equal(saved.t, JSON.stringify(parseTelemetry(JSON.parse(saved.t))));
  const history = JSON.parse(kindred(['sql', '--file', csv, '--state', stateDir, 'SELECT source FROM autoconfig_telemetry_history LIMIT 1'])) as { source: string };
  assert.equal(history.source, 'cli_autoconfig');
  const ran = JSON.parse(kindred(['sql', '--file', csv, '--state', stateDir, `SELECT autoconfig_telemetry('${csv}') AS t`])) as { t: string };
  const telemetry = parseTelemetry(JSON.parse(ran.t));
  assert.equal(ran.t, JSON.stringify(telemetry));
  assert.equal(telemetry.source, 'sql_autoconfig');
  assert.equal(telemetry.available, true);
});

test('kindred sql on a fresh state database returns the sentinel', () => {
  const fresh = path.join(dir, 'fresh');
  const row = JSON.parse(kindred(['sql', '--file', csv, '--state', fresh, 'SELECT autoconfig_telemetry() AS t'])) as { t: string };
  assert.equal(row.t, '{"available":false,"source":null}');
});
