import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseConfigText, type Config } from '../../src/config/index.js';

// The minimal file of spec/API.md §6, verbatim.
const MINIMAL = `matchkeys:
  - name: person_fuzzy
    type: weighted
    threshold: 0.8
    fields:
      - field: name
        scorer: jaro_winkler
        weight: 0.7
        transforms: [lowercase, strip]
      - field: zip
        scorer: exact
        weight: 0.3
        transforms: [strip]
blocking:
  keys:
    - fields: [zip]
`;

test('the API.md minimal configuration means exactly what the contract says', () => {
  const expected: Config = {
    matchkeys: [{
      name: 'person_fuzzy',
      type: 'weighted',
      min_weight: 0,
      threshold: 0.8,
      fields: [
        { field: 'name', scorer: 'jaro_winkler', weight: 0.7, transforms: ['lowercase', 'strip'] },
        { field: 'zip', scorer: 'exact', weight: 0.3, transforms: ['strip'] },
      ],
      negative_evidence: [],
    }],
    blocking: {
      strategy: 'static',
      keys: [{ fields: [{ field: 'zip', transforms: [] }] }],
      window: 20,
      max_block_size: 5000,
      split_oversized: false,
      oversized: 'score',
    },
    review: { lo: null, hi: null },
    clustering: { max_cluster_size: 100, min_link_density: 0 },
    link: null,
    exclude_columns: [],
    columns: {},
  };
  assert.deepStrictEqual(parseConfigText(MINIMAL, 'minimal.yaml'), expected);
});
