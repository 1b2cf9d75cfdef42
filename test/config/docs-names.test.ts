import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { listScorers } from '../../src/engine/scorers/registry.js';
import { listTransforms } from '../../src/engine/transforms/registry.js';
import { CONFIG_DOCS } from './example-paths.js';

const docs = readFileSync(CONFIG_DOCS, 'utf8');

test('docs/config.md documents every scorer the registry accepts', () => {
  const missing = listScorers().filter((name) => !docs.includes(`\`${name}\``));
  assert.deepStrictEqual(missing, []);
});

test('docs/config.md documents every transform the registry accepts', () => {
  const missing = listTransforms().filter((name) => !docs.includes(`\`${name}\``) && !docs.includes(`\`${name}:`));
  assert.deepStrictEqual(missing, []);
});
