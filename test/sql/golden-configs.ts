/** Test fixtures: the configurations the SQL golden files are made from, with hand-written trained parameters for the probabilistic one. */
import { parseConfigText } from '../../src/config/index.js';
import type { Config } from '../../src/config/types.js';
import { loadConfigFile } from '../../src/config/index.js';
import { REPO_ROOT } from '../cli/run-cli.js';
import { join } from 'node:path';

/** One golden case: a configuration, the dialects it compiles for, and the parameters of its probabilistic matchkeys. */
export interface GoldenCase {
  name: string;
  config: Config;
  dialects: Array<'duckdb' | 'spark' | 'trino' | 'bigquery'>;
  models: Record<string, unknown>;
}

// Everything but Jaro: every dialect compiles it. Transforms exact in SQL and exact on ASCII only,
// an exact matchkey with negative evidence, link_only, oversized blocks skipped, a review band,
// and a Fellegi-Sunter matchkey with 2-, 3- and threshold levels and term-frequency bits.
const RICH = parseConfigText(
  `
matchkeys:
  - name: by_email
    type: exact
    fields: [{field: email, transforms: [strip, lowercase]}]
    negative_evidence:
      - {field: dob, scorer: exact, penalty: 0.6}
  - name: person
    type: weighted
    threshold: 0.8
    min_weight: 1.5
    fields:
      - {field: name, scorer: levenshtein, weight: 0.6, transforms: [normalize_whitespace, uppercase]}
      - {field: city, scorer: exact, weight: 0.15, transforms: [alpha_only]}
      - {field: dob, scorer: exact, weight: 0.25, transforms: [digits_only, "substring:0:8"]}
    negative_evidence:
      - {field: phone, scorer: levenshtein, threshold: 0.5, penalty: 0.3, transforms: [strip_all, "substring:-4:-1"]}
  - name: fs
    type: probabilistic
    threshold: 0.9
    fields:
      - {field: name, scorer: levenshtein, transforms: [normalize_whitespace, uppercase], levels: 3, tf_adjustment: true}
      - {field: city, scorer: exact}
      - {field: zip, scorer: levenshtein, level_thresholds: [0.5, 0.8]}
blocking:
  max_block_size: 500
  oversized: skip
  keys:
    - fields: [{field: name, transforms: [first_token, lowercase]}, zip]
    - fields: [{field: name, transforms: [last_token]}]
review: {lo: 0.6, hi: 0.9}
link: {source_column: source, mode: link_only}
`,
  'rich.yaml',
);

// What zero-config emits most that has no built-in in the warehouses: damerau_levenshtein (e-mails,
// identifiers, dates, codes) and soundex blocking keys (a macro in DuckDB's printed SQL).
const FUNCTIONS = parseConfigText(
  `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    fields:
      - {field: email, scorer: damerau_levenshtein, weight: 1, transforms: [strip]}
      - {field: name, scorer: jaro, weight: 1, transforms: [lowercase, normalize_whitespace]}
blocking:
  keys:
    - fields: [{field: name, transforms: [lowercase, last_token, soundex]}]
`,
  'functions.yaml',
);

// What zero-config emits after the scorers above: token_set on text, numeric_diff on amounts (bare and
// with arguments: one function, the mode and band at the call), a product code compared exactly,
// monge_elkan on name lists, token_sort as a scorer and as the any-order blocking key.
const ZERO_CONFIG = parseConfigText(
  `
matchkeys:
  - name: product
    type: weighted
    threshold: 0.75
    fields:
      - {field: title, scorer: token_set, weight: 1, transforms: [lowercase, normalize_whitespace]}
      - {field: title, scorer: exact, weight: 1, transforms: [lowercase, code_token]}
      - {field: price, scorer: numeric_diff, weight: 0.25, transforms: [amount]}
      - {field: weight, scorer: "numeric_diff:abs:5", weight: 0.25, transforms: [amount]}
      - {field: authors, scorer: monge_elkan, weight: 0.7, transforms: [lowercase]}
      - {field: brand, scorer: token_sort, weight: 0.3}
blocking:
  keys:
    - fields: [{field: title, transforms: [lowercase, token_sort, alpha_only, "substring:0:8"]}]
    - fields: [{field: title, transforms: [lowercase, code_token]}]
`,
  'zero-config.yaml',
);

// The remaining warehouse functions: points, dates, the ensemble, Soundex and Metaphone agreement,
// the qgram scorer, and the transforms ascii_fold, strip_honorifics, metaphone and qgram:2 (an integer argument bound at the call).
const MORE_FUNCTIONS = parseConfigText(
  `
matchkeys:
  - name: place
    type: weighted
    threshold: 0.8
    fields:
      - {field: location, scorer: geo_haversine, weight: 1}
      - {field: dob, scorer: date_diff, weight: 1}
      - {field: registered, scorer: date, weight: 0.5}
      - {field: name, scorer: ensemble, weight: 1, transforms: [strip_honorifics, ascii_fold]}
      - {field: surname, scorer: soundex_match, weight: 0.5}
      - {field: given_name, scorer: metaphone_match, weight: 0.5}
      - {field: street, scorer: qgram, weight: 0.5}
blocking:
  keys:
    - fields: [{field: surname, transforms: [ascii_fold, "qgram:2"]}]
    - fields: [{field: given_name, transforms: [metaphone]}]
`,
  'more-functions.yaml',
);

// The DuckDB macros: Soundex agreement and key, titles dropped and words sorted, amounts compared as
// numbers (one macro, the mode and band at the call), a product code, a q-gram key (q bound at the call).
const MACROS = parseConfigText(
  `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.75
    fields:
      - {field: surname, scorer: soundex_match, weight: 0.3}
      - {field: name, scorer: exact, weight: 0.3, transforms: [strip_honorifics, token_sort]}
      - {field: price, scorer: "numeric_diff:pct:0.2", weight: 0.2, transforms: [amount]}
      - {field: weight, scorer: numeric_diff, weight: 0.1, transforms: [amount]}
      - {field: product, scorer: exact, weight: 0.2, transforms: [code_token]}
blocking:
  keys:
    - fields: [{field: surname, transforms: [soundex]}]
    - fields: [{field: product, transforms: ["qgram:2"]}]
`,
  'macros.yaml',
);

// Sorted neighbourhood (window functions and a range join) beside an exact matchkey's block pass, linking two sources.
const WINDOW = parseConfigText(
  `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    fields:
      - {field: name, scorer: levenshtein, weight: 1}
      - {field: zip, scorer: exact, weight: 0.5}
  - name: by_email
    type: exact
    fields: [{field: email}]
blocking:
  strategy: sorted_neighborhood
  window: 7
  keys:
    - fields: [zip, {field: name, transforms: ["substring:0:3"]}]
link: {source_column: source, mode: link_only}
`,
  'window.yaml',
);

// Swapped columns: first name and surname, phone and mobile (declared right to left), each pair
// compared crossed; the score is the greatest of the four readings, a floor on the weight, and
// negative evidence after the best reading.
const SWAPS = parseConfigText(
  `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    min_weight: 1.5
    fields:
      - {field: first_name, scorer: jaro_winkler, weight: 0.9, transforms: [lowercase]}
      - {field: surname, scorer: jaro_winkler, weight: 1.3, transforms: [lowercase]}
      - {field: zip, scorer: exact, weight: 0.2}
      - {field: phone, scorer: levenshtein, weight: 0.4, transforms: [digits_only]}
      - {field: mobile, scorer: levenshtein, weight: 0.3, transforms: [digits_only]}
    swaps: [[first_name, surname], [mobile, phone]]
    negative_evidence:
      - {field: city, scorer: exact, threshold: 1, penalty: 0.05}
blocking:
  keys:
    - fields: [zip]
`,
  'swaps.yaml',
);

const FS_PARAMETERS = {
  format: 'kindred-fellegi-sunter/1',
  missing: 'unobserved',
  lambda: 0.01,
  converged: true,
  iterations: 7,
  lastChange: 0.0004,
  emPairs: 1000,
  uPairs: 5000,
  warnings: [],
  fields: [
    { key: 'name|normalize_whitespace|uppercase', levels: 3, m: [0.1, 0.2, 0.7], u: [0.9, 0.09, 0.01], weights: [-3.169925001442312, 1.1520030934450498, 6.129283016944966], fixed: false, tfAdjustment: true },
    { key: 'city', levels: 2, m: [0.2, 0.8], u: [0.95, 0.05], weights: [-2.2479275134435857, 4], fixed: false, tfAdjustment: false },
    { key: 'zip', levels: 3, m: [0.05, 0.15, 0.8], u: [0.9, 0.08, 0.02], weights: [-4.169925001442312, 0.9068905956085185, 5.321928094887363], fixed: false, tfAdjustment: false },
  ],
};

/**
 * The golden cases: the standard tight workload (Jaro–Winkler: a function in Spark, Trino and BigQuery), the rich configuration, the warehouse functions' (two), the DuckDB macros', zero-config's, the sorted-neighbourhood and the swapped-columns configurations above.
 *
 * @example
 * for (const c of goldenCases()) for (const d of c.dialects) compile(c.config, d);
 */
export function goldenCases(): GoldenCase[] {
  return [
    { name: 'tight', config: loadConfigFile(join(REPO_ROOT, 'bench', 'workloads', 'tight.yaml')), dialects: ['duckdb', 'spark', 'trino', 'bigquery'], models: {} },
    { name: 'rich', config: RICH, dialects: ['duckdb', 'spark', 'trino', 'bigquery'], models: { fs: FS_PARAMETERS } },
    { name: 'functions', config: FUNCTIONS, dialects: ['duckdb', 'spark', 'trino', 'bigquery'], models: {} },
    { name: 'macros', config: MACROS, dialects: ['duckdb', 'spark', 'trino', 'bigquery'], models: {} },
    { name: 'zero-config', config: ZERO_CONFIG, dialects: ['spark', 'trino', 'bigquery'], models: {} },
    { name: 'more-functions', config: MORE_FUNCTIONS, dialects: ['spark', 'trino', 'bigquery'], models: {} },
    { name: 'window', config: WINDOW, dialects: ['duckdb', 'spark', 'trino', 'bigquery'], models: {} },
    { name: 'swaps', config: SWAPS, dialects: ['duckdb', 'spark', 'trino', 'bigquery'], models: {} },
  ];
}
