/** The `qgram[:q]` transform and the `qgram` scorer as warehouse functions: src/engine/transforms/qgram.ts (the distinct q-grams of "##value##" over code points, sorted by code point, the first five joined by spaces) and scorers/qgram.ts (the Jaccard index of the lower-cased 3-gram sets, identical values 1). */
import { parseIntegerArgument } from '../../engine/transforms/arguments.js';
import { JS_TOKENS } from './shared-code.js';
import type { WarehouseFunction } from './warehouse-function.js';

const KEPT = 5;
const DEFAULT_Q = 3;

const JAVASCRIPT = `${JS_TOKENS}
function qgramSignature(value, q) {
  const chars = Array.from('##' + value + '##');
  const grams = new Set();
  for (let i = 0; i + q <= chars.length; i++) grams.add(chars.slice(i, i + q).join(''));
  return Array.from(grams).sort(cmpCodePoints).slice(0, ${KEPT}).join(' ');
}`;

const PYTHON = `
def qgram_signature(value, q):
    chars = '##' + value + '##'
    grams = {chars[i:i + q] for i in range(len(chars) - q + 1)}
    return ' '.join(sorted(grams)[:${KEPT}])
`;

// Trino: grams may hold spaces, so they are gathered in an array (seeded with the first), kept once by contains.
const TRINO = `BEGIN
  DECLARE padded VARCHAR DEFAULT concat('##', x, '##');
  DECLARE grams ARRAY(VARCHAR);
  DECLARE gram VARCHAR;
  DECLARE i BIGINT DEFAULT 2;
  IF q > length(concat('##', x, '##')) THEN
    RETURN '';
  END IF;
  SET grams = ARRAY[substr(padded, 1, q)];
  WHILE i + q - 1 <= length(padded) DO
    SET gram = substr(padded, i, q);
    IF NOT contains(grams, gram) THEN
      SET grams = grams || gram;
    END IF;
    SET i = i + 1;
  END WHILE;
  RETURN array_join(slice(array_sort(grams), 1, ${KEPT}), ' ');
END`;

/**
 * The `qgram[:q]` transform as a warehouse function: one function, q passed at each call.
 *
 * @example
 * QGRAM.parameters?.bind(['2']); // [2]
 */
export const QGRAM: WarehouseFunction = {
  kind: 'transform',
  name: 'qgram',
  javascript: { source: JAVASCRIPT, call: 'qgramSignature' },
  python: { source: PYTHON, call: 'qgram_signature' },
  trino: TRINO,
  parameters: {
    declared: [{ name: 'q', type: 'integer' }],
    bind: (args) => {
      const q = args.length === 0 ? DEFAULT_Q : parseIntegerArgument(args[0]);
      if (q === null || q < 1) throw new Error(`qgram: invalid arguments ${args.join(':')}`);
      return [q];
    },
  },
};

const SCORER_JAVASCRIPT = `
function qgramSet(value) {
  const chars = Array.from('##' + value.toLowerCase() + '##');
  const grams = new Set();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars[i] + chars[i + 1] + chars[i + 2]);
  return grams;
}
function qgramSimilarity(a, b) {
  if (a === b) return 1;
  const x = qgramSet(a), y = qgramSet(b);
  let shared = 0;
  for (const g of x) if (y.has(g)) shared++;
  const union = x.size + y.size - shared;
  return union === 0 ? 1 : shared / union;
}`;

// Python's lower() is JavaScript's toLowerCase: the full mapping (İ → i + U+0307) and the final sigma.
const SCORER_PYTHON = `
def qgram_set(value):
    chars = '##' + value.lower() + '##'
    return {chars[i:i + 3] for i in range(len(chars) - 2)}

def qgram_similarity(a, b):
    if a == b:
        return 1.0
    x, y = qgram_set(a), qgram_set(b)
    shared = len(x & y)
    union = len(x) + len(y) - shared
    return 1.0 if union == 0 else shared / union
`;

/**
 * Trino statements setting `out` to `src` lower-cased as JavaScript's
 * toLowerCase does: Trino's lower() maps each code point alone, so the two
 * cases where the full mapping differs are spelled out — İ becomes i + U+0307,
 * and Σ becomes ς when a cased letter precedes it and none follows, skipping
 * case-ignorable characters both ways (Unicode's Final_Sigma, as ICU and
 * Python test it).
 */
function trinoFullLower(src: string, out: string): string {
  return `SET ${out} = '';
  SET i = 1;
  WHILE i <= length(${src}) DO
    SET ch = substr(${src}, i, 1);
    IF ch = 'İ' THEN
      SET ${out} = concat(${out}, 'i', chr(775));
    ELSEIF ch = 'Σ' THEN
      SET k = i - 1;
      WHILE k >= 1 AND regexp_like(substr(${src}, k, 1), '^\\p{Case_Ignorable}$') DO
        SET k = k - 1;
      END WHILE;
      SET final_sigma = k >= 1 AND regexp_like(substr(${src}, k, 1), '^\\p{Cased}$');
      SET k = i + 1;
      WHILE k <= length(${src}) AND regexp_like(substr(${src}, k, 1), '^\\p{Case_Ignorable}$') DO
        SET k = k + 1;
      END WHILE;
      IF k <= length(${src}) AND regexp_like(substr(${src}, k, 1), '^\\p{Cased}$') THEN
        SET final_sigma = FALSE;
      END IF;
      SET ${out} = concat(${out}, IF(final_sigma, 'ς', 'σ'));
    ELSE
      SET ${out} = concat(${out}, lower(ch));
    END IF;
    SET i = i + 1;
  END WHILE;`;
}

/** Trino statements setting the ARRAY(VARCHAR) `out` to the distinct 3-grams of `##lowered##`. */
function trinoGramSet(lowered: string, out: string): string {
  return `SET padded = concat('##', ${lowered}, '##');
  SET ${out} = ARRAY[substr(padded, 1, 3)];
  SET i = 2;
  WHILE i + 2 <= length(padded) DO
    SET gram = substr(padded, i, 3);
    IF NOT contains(${out}, gram) THEN
      SET ${out} = ${out} || gram;
    END IF;
    SET i = i + 1;
  END WHILE;`;
}

const SCORER_TRINO = `BEGIN
  DECLARE la, lb, ch, padded, gram VARCHAR;
  DECLARE ga, gb ARRAY(VARCHAR);
  DECLARE i, k, shared, total BIGINT DEFAULT 0;
  DECLARE final_sigma BOOLEAN DEFAULT FALSE;
  IF a = b THEN
    RETURN 1e0;
  END IF;
  ${trinoFullLower('a', 'la')}
  ${trinoFullLower('b', 'lb')}
  ${trinoGramSet('la', 'ga')}
  ${trinoGramSet('lb', 'gb')}
  SET i = 1;
  WHILE i <= cardinality(ga) DO
    IF contains(gb, element_at(ga, i)) THEN
      SET shared = shared + 1;
    END IF;
    SET i = i + 1;
  END WHILE;
  SET total = cardinality(ga) + cardinality(gb) - shared;
  RETURN IF(total = 0, 1e0, CAST(shared AS DOUBLE) / total);
END`;

/**
 * The `qgram` scorer as a warehouse function (`kindred_qgram_jaccard`: the transform has the plain name).
 *
 * @example
 * QGRAM_SCORER.javascript.call; // 'qgramSimilarity'
 */
export const QGRAM_SCORER: WarehouseFunction = {
  kind: 'scorer',
  name: 'qgram',
  sqlName: 'qgram_jaccard',
  javascript: { source: SCORER_JAVASCRIPT, call: 'qgramSimilarity' },
  python: { source: SCORER_PYTHON, call: 'qgram_similarity' },
  trino: SCORER_TRINO,
};
