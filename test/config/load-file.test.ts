import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { KindredError } from '../../src/errors/registry.js';
import { loadConfigFile } from '../../src/config/index.js';

const dir = mkdtempSync(join(tmpdir(), 'kindred-config-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('a missing file is file_not_found naming the path', () => {
  const path = join(dir, 'nope.yaml');
  assert.throws(() => loadConfigFile(path), (e: unknown) => {
    assert.ok(e instanceof KindredError);
    assert.equal(e.code, 'file_not_found');
    assert.equal(e.exitCode, 2);
    assert.ok(e.message.includes(path), e.message);
    return true;
  });
});

test('a directory is an invalid configuration, not a crash', () => {
  assert.throws(() => loadConfigFile(dir), (e: unknown) => {
    assert.ok(e instanceof KindredError);
    assert.equal(e.code, 'config_invalid');
    assert.equal(e.message, `${dir}: invalid configuration`);
    return true;
  });
});

test('errors name the file by the path given, and a UTF-8 BOM is accepted', () => {
  const good = join(dir, 'bom.yaml');
  writeFileSync(good, '\uFEFFmatchkeys: [{name: e, type: exact, fields: [email]}]\n');
  assert.equal(loadConfigFile(good).matchkeys[0].name, 'e');
  const bad = join(dir, 'bad.yaml');
  writeFileSync(bad, 'matchkeys: [{name: e, type: exact, fields: [email], threshold: high}]\n');
  assert.throws(() => loadConfigFile(bad), (e: unknown) => {
    assert.ok(e instanceof KindredError);
    assert.equal(e.message, `${bad}: invalid configuration`);
    assert.deepStrictEqual(e.details, [{ path: 'matchkeys[0].threshold', message: 'expected a number between 0 and 1, got "high"' }]);
    assert.equal(e.toText(), `${bad}: invalid configuration\n  matchkeys[0].threshold: expected a number between 0 and 1, got "high"`);
    return true;
  });
});
