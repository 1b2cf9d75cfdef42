/** `kindred autoconfig` says which columns it reads crossed and why, in the log and in the YAML's header, and the YAML reads them crossed. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { loadConfigFile } from '../../src/config/index.js';
import { CLI_MAIN } from '../server/server-harness.js';
import { rng, word } from './fixtures.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-swaps-cli-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

test('a registry whose copies often carry given name and surname the other way round', () => {
  const csv = path.join(dir, 'registry.csv');
  const r = rng(9);
  const lines = ['given,family,born,town'];
  for (let e = 0; e < 600; e++) {
    const [given, family, born, town] = [word(r, 6), word(r, 7), `19${50 + (e % 50)}-0${1 + (e % 9)}-1${e % 10}`, word(r, 8)];
    lines.push([given, family, born, town].join(','));
    lines.push(r() < 0.25 ? [family, given, born, town].join(',') : [given, family, born, town].join(','));
  }
  fs.writeFileSync(csv, lines.join('\n') + '\n');
  const out = path.join(dir, 'auto.yaml');
  const run = spawnSync(process.execPath, [CLI_MAIN, 'autoconfig', '--file', csv, '--out', out, '--no-save'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stderr, /autoconfig: given and family also read crossed: [\d,]+ of [\d,]+ likely matches transposed \(0 of as many unrelated pairs\)/);
  const yaml = fs.readFileSync(out, 'utf8');
  assert.match(yaml.split('\n')[0], /^# committed by kindred autoconfig .*; given and family also read crossed: /);
  const mk = loadConfigFile(out).matchkeys[0];
  assert.deepEqual(mk.type === 'weighted' ? mk.swaps : null, [['given', 'family']]);
});
