import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../../bench/person-standin.js', import.meta.url));

function generate(dir: string, name: string, seed: number, layout = 'standin'): { table: string; truth: string } {
  const table = join(dir, `${name}.csv`);
  const truth = join(dir, `${name}-truth.csv`);
  execFileSync(process.execPath, [SCRIPT, '--out', table, '--truth', truth, '--seed', String(seed), '--entities', '200', '--layout', layout], { stdio: 'pipe' });
  return { table: readFileSync(table, 'utf8'), truth: readFileSync(truth, 'utf8') };
}

test('the person stand-in is reproducible from its seed, and its truth labels every row by its person', () => {
  const dir = mkdtempSync(join(os.tmpdir(), 'standin-'));
  try {
    const a = generate(dir, 'a', 7);
    const b = generate(dir, 'b', 7);
    const c = generate(dir, 'c', 8);
    assert.equal(a.table, b.table);
    assert.notEqual(a.table, c.table);
    const rows = a.table.trimEnd().split('\n');
    assert.equal(rows[0], 'unique_id,cluster,first_name,middle_name,surname,full_name,dob,birth_place,postcode_fake,gender,occupation');
    const labels = a.truth.trimEnd().split('\n');
    assert.equal(labels.length, rows.length);
    // The truth's row i is the table's data row i, labelled with that row's cluster column.
    rows.slice(1).forEach((line, i) => assert.equal(labels[i + 1], `${i},${line.split(',')[1]}`));
    const people = new Set(labels.slice(1).map((l) => l.split(',')[1]));
    assert.equal(people.size, 200);
    // The default layout's bytes are pinned (they were the same before --layout existed): figures measured on it stay comparable.
    assert.equal(createHash('sha256').update(a.table).digest('hex'), '392e5c8a327df11bd82592f9af6c8d81550b98388c50a55da6e914db2f2222d8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the four-names layout writes a full name, a first-and-surname, a first name and a surname, reproducibly; an unknown layout is refused', () => {
  const dir = mkdtempSync(join(os.tmpdir(), 'standin-'));
  try {
    const a = generate(dir, 'a', 7, 'four-names');
    assert.equal(a.table, generate(dir, 'b', 7, 'four-names').table);
    const rows = a.table.trimEnd().split('\n');
    assert.equal(rows[0], 'unique_id,cluster,full_name,first_and_surname,first_name,surname,dob,birth_place,postcode_fake,gender,occupation');
    // Where both are written in full, the first-and-surname is the full name without its middle name.
    const whole = rows.slice(1).map((l) => l.split(',')).filter((c) => c[2] !== '' && c[3] !== '' && c[2].split(' ').length === 3);
    assert.ok(whole.some((c) => c[3] === `${c[2].split(' ')[0]} ${c[2].split(' ')[2]}`));
    const labels = a.truth.trimEnd().split('\n');
    assert.equal(labels.length, rows.length);
    rows.slice(1).forEach((line, i) => assert.equal(labels[i + 1], `${i},${line.split(',')[1]}`));
    assert.throws(() => generate(dir, 'c', 7, 'sideways'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('bad options are named with the usage, exit 2, and write nothing; --help prints the usage', () => {
  const run = (args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  const unknown = run(['--nope']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /^person-standin: Unknown option '--nope'/);
  assert.match(unknown.stderr, /Usage: node dist\/bench\/person-standin\.js/);
  const dir = mkdtempSync(join(os.tmpdir(), 'standin-bad-'));
  try {
    const out = join(dir, 'p.csv');
    const bad = run(['--out', out, '--truth', join(dir, 't.csv'), '--seed', 'x', '--layout', 'wide']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--layout must be standin or four-names, got "wide"; --seed must be a whole number, got "x"/);
    assert.equal(existsSync(out), false);
    const missing = run(['--truth', join(dir, 't.csv')]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /--out is required/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const help = run(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^Usage: /);
});
