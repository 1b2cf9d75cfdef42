import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadConfigFile, type Config } from '../../src/config/index.js';
import { CONFIG_DOCS, EXAMPLE_YAML } from './example-paths.js';

const EXPECTED: Config = {
  matchkeys: [
    {
      name: 'by_email',
      type: 'exact',
      fields: [{ field: 'email', transforms: ['lowercase', 'strip'] }],
      threshold: 0.5,
      negative_evidence: [{ field: 'dob', transforms: [], scorer: 'exact', threshold: 0.4, penalty: 0.6 }],
    },
    {
      name: 'person_fuzzy',
      type: 'weighted',
      min_weight: 0,
      threshold: 0.85,
      fields: [
        { field: 'name', scorer: 'jaro_winkler', weight: 0.6, transforms: ['strip_honorifics', 'ascii_fold', 'lowercase', 'normalize_whitespace'] },
        { field: 'city', scorer: 'token_sort', weight: 0.15, transforms: ['lowercase'] },
        { field: 'dob', scorer: 'exact', weight: 0.25, transforms: [] },
      ],
      negative_evidence: [{ field: 'phone', transforms: ['digits_only'], scorer: 'exact', threshold: 0.4, penalty: 0.3 }],
    },
    {
      name: 'person_fs',
      type: 'probabilistic',
      threshold: 0.6,
      fields: [
        { field: 'surname', scorer: 'jaro_winkler', weight: 1, transforms: ['lowercase'], levels: 3, partial_threshold: 0.85, tf_adjustment: true },
        { field: 'given_name', scorer: 'levenshtein', weight: 1, transforms: ['lowercase'], levels: 3, partial_threshold: 0.8, level_thresholds: [0.7, 0.9], tf_adjustment: false },
        { field: 'zip', scorer: 'exact', weight: 1, transforms: [], levels: 2, partial_threshold: 0.9, tf_adjustment: false },
      ],
      negative_evidence: [],
      missing: 'disagree',
      em: { max_iterations: 30, convergence: 0.0005, seed: 7, sample_pairs: 20000, u_pairs: 5000 },
    },
  ],
  blocking: {
    strategy: 'multi_pass',
    keys: [
      { fields: [{ field: 'zip', transforms: [] }], split_by: [{ field: 'surname', transforms: ['lowercase'] }] },
      {
        fields: [{ field: 'surname', transforms: ['lowercase'] }, { field: 'given_name', transforms: ['lowercase', 'substring:0:1'] }],
        split_by: [{ field: 'name', transforms: ['strip_honorifics', 'ascii_fold', 'lowercase', 'normalize_whitespace'] }],
      },
    ],
    window: 20,
    max_block_size: 2000,
    split_oversized: true,
    oversized: 'skip',
  },
  review: { lo: 0.7, hi: 0.85 },
  clustering: { max_cluster_size: 50, min_link_density: 0 },
  link: { source_column: 'source', mode: 'link_and_dedupe' },
  exclude_columns: ['rec_id'],
  columns: {},
};

test('data/configs/example.yaml loads and normalises every section', () => {
  assert.deepStrictEqual(loadConfigFile(EXAMPLE_YAML), EXPECTED);
});

test('docs/config.md embeds data/configs/example.yaml verbatim, so the documented example is the tested one', () => {
  const docs = readFileSync(CONFIG_DOCS, 'utf8');
  const example = readFileSync(EXAMPLE_YAML, 'utf8');
  assert.ok(docs.includes('```yaml\n' + example + '```'), 'the example block in docs/config.md differs from data/configs/example.yaml');
});
