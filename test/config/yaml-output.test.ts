import assert from 'node:assert/strict';
import { test } from 'node:test';
import { configToInputForm, configToYaml, parseConfigText } from '../../src/config/index.js';

const CONFIG = parseConfigText(`matchkeys:
  - {name: by_email, type: exact, fields: [email, {field: phone, transforms: [digits_only]}]}
blocking:
  keys:
    - fields: [surname, {field: given_name, transforms: ["substring:0:1"]}]
      transforms: [lowercase]
`, 'c.yaml');

test('the YAML form writes every setting explicitly and bare column names where allowed', () => {
  assert.deepStrictEqual(configToInputForm(CONFIG), {
    matchkeys: [{ name: 'by_email', type: 'exact', threshold: 1, fields: ['email', { field: 'phone', transforms: ['digits_only'] }] }],
    blocking: {
      strategy: 'static',
      keys: [{ fields: ['surname', { field: 'given_name', transforms: ['substring:0:1'] }], transforms: ['lowercase'] }],
      window: 20,
      max_block_size: 5000,
      split_oversized: false,
      oversized: 'score',
    },
    clustering: { max_cluster_size: 100, min_link_density: 0 },
  });
});

test('configToYaml writes short lists inline and can start with a comment', () => {
  const yaml = configToYaml(CONFIG, { comment: 'committed by kindred autoconfig' });
  assert.ok(yaml.startsWith('# committed by kindred autoconfig\n'), yaml);
  assert.match(yaml, /^ +transforms: \[digits_only\]$/m);
  assert.deepStrictEqual(parseConfigText(yaml, 'out.yaml'), CONFIG);
});
