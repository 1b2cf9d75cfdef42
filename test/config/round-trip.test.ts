import assert from 'node:assert/strict';
import { test } from 'node:test';
import { configToYaml, loadConfigFile, parseConfigText, type Config, type Matchkey } from '../../src/config/index.js';
import { EXAMPLE_YAML } from './example-paths.js';
import { seededStream as rng } from '../../src/engine/probabilistic/seeded-random.js';

function roundTrip(config: Config): Config {
  return parseConfigText(configToYaml(config), 'round-trip.yaml');
}

test('the full example survives configToYaml → parseConfigText unchanged', () => {
  const config = loadConfigFile(EXAMPLE_YAML);
  assert.deepStrictEqual(roundTrip(config), config);
});

test('the minimal example survives the round trip', () => {
  const config = parseConfigText(`matchkeys:
  - name: person_fuzzy
    type: weighted
    threshold: 0.8
    fields:
      - {field: name, scorer: jaro_winkler, weight: 0.7, transforms: [lowercase, strip]}
      - {field: zip, scorer: exact, weight: 0.3, transforms: [strip]}
blocking:
  keys:
    - fields: [zip]
`, 'min.yaml');
  assert.deepStrictEqual(roundTrip(config), config);
});

test('column names YAML would misread are quoted and come back as the same strings', () => {
  const awkward = ['02134', 'yes', 'null', 'true', '1e3', 'a: b', '#hash', ' padded ', '- dash', '[x]', 'ünï'];
  const config: Config = {
    matchkeys: [{ name: 'odd', type: 'exact', fields: awkward.map((field) => ({ field, transforms: [] })), threshold: 1, negative_evidence: [] }],
    blocking: { strategy: 'static', keys: [{ fields: [{ field: '02134', transforms: ['substring:0:3'] }] }], window: 20, max_block_size: 5000, split_oversized: false, oversized: 'score' },
    review: { lo: null, hi: null },
    clustering: { max_cluster_size: 100, min_link_density: 0 },
    link: { source_column: 'no', mode: 'link_only' },
    exclude_columns: ['off'],
    columns: {},
  };
  assert.deepStrictEqual(roundTrip(config), config);
});

test('generated configurations of every shape survive the round trip', () => {
  const random = rng(20240601);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const columns = ['name', 'zip', 'email', 'city', 'dob'];
  const transformChains = [[], ['lowercase'], ['strip', 'lowercase'], ['digits_only'], ['substring:0:2']];
  const scorers = ['exact', 'jaro_winkler', 'levenshtein', 'token_set'];
  const unit = (): number => Math.round(random() * 1000) / 1000;
  for (let n = 0; n < 60; n++) {
    const matchkeys: Matchkey[] = [];
    const count = 1 + Math.floor(random() * 3);
    for (let i = 0; i < count; i++) {
      const type = pick(['exact', 'weighted', 'probabilistic'] as const);
      const negative_evidence = random() < 0.5 ? [] : [{ field: pick(columns), transforms: [...pick(transformChains)], scorer: pick(scorers), threshold: unit(), penalty: Math.max(0.001, unit()) }];
      const name = `mk_${n}_${i}`;
      if (type === 'exact') {
        matchkeys.push({ name, type, fields: [{ field: pick(columns), transforms: [...pick(transformChains)] }], threshold: unit(), negative_evidence });
      } else if (type === 'weighted') {
        matchkeys.push({ name, type, fields: [{ field: pick(columns), transforms: [...pick(transformChains)], scorer: pick(scorers), weight: 0.1 + unit() }], threshold: unit(), min_weight: random() < 0.5 ? 0 : 3 * unit(), negative_evidence });
      } else {
        const cuts = random() < 0.5 ? undefined : [0.3, 0.6, 0.95].slice(0, 1 + Math.floor(random() * 3));
        const field = { field: pick(columns), transforms: [...pick(transformChains)], scorer: pick(scorers), weight: 0.1 + unit(), levels: cuts ? cuts.length + 1 : 2 + Math.floor(random() * 3), partial_threshold: Math.max(0.001, unit()), tf_adjustment: random() < 0.5, ...(cuts ? { level_thresholds: cuts } : {}) };
        matchkeys.push({ name, type, fields: [field], threshold: unit(), negative_evidence, missing: pick(['unobserved', 'disagree'] as const), em: { max_iterations: 1 + Math.floor(random() * 50), convergence: 0.0001 + unit(), seed: Math.floor(random() * 1000), sample_pairs: 1 + Math.floor(random() * 10000), u_pairs: 1 + Math.floor(random() * 5000) } });
      }
    }
    const keyCount = Math.floor(random() * 3);
    const strategy = keyCount > 1 ? pick(['multi_pass', 'sorted_neighborhood'] as const) : pick(['static', 'sorted_neighborhood'] as const);
    // Splitting needs blocks; a normalised split key always states its secondary key.
    const split = strategy !== 'sorted_neighborhood' && random() < 0.5;
    const keys = Array.from({ length: keyCount }, () => ({
      fields: [{ field: pick(columns), transforms: [...pick(transformChains)] }, { field: pick(columns), transforms: ['lowercase', ...pick(transformChains)] }],
      ...(split ? { split_by: [{ field: pick(columns), transforms: [...pick(transformChains)] }] } : {}),
    }));
    const lo = random() < 0.5 ? null : 0.3;
    const config: Config = {
      matchkeys,
      blocking: { strategy, keys, window: 2 + Math.floor(random() * 50), max_block_size: 2 + Math.floor(random() * 10000), split_oversized: split, oversized: pick(['score', 'skip'] as const) },
      review: { lo, hi: random() < 0.5 ? null : 0.9 },
      clustering: { max_cluster_size: 2 + Math.floor(random() * 500), min_link_density: random() < 0.5 ? 0 : Math.round(random() * 100) / 100 },
      link: random() < 0.5 ? null : { source_column: 'src', mode: pick(['link_only', 'link_and_dedupe'] as const) },
      exclude_columns: random() < 0.5 ? [] : ['rec_id'],
      columns: random() < 0.5 ? {} : { name_b: 'name' },
    };
    assert.deepStrictEqual(roundTrip(config), config, `config #${n}:\n${configToYaml(config)}`);
  }
});
