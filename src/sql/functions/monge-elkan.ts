/** The `monge_elkan` scorer as warehouse functions: src/engine/scorers/monge-elkan.ts (NFC, runs of letters, marks and digits, "and" and initials dropped, each word's best Jaro–Winkler partner averaged both ways), with the Jaro–Winkler of functions/jaro.ts. */
import { JARO_WINKLER, TRINO_JARO_WINKLER, TRINO_JARO_WINKLER_DECLARATIONS } from './jaro.js';
import type { WarehouseFunction } from './warehouse-function.js';

const JAVASCRIPT = `${JARO_WINKLER.javascript.source}
function nameWords(value) {
  const words = (value.normalize('NFC').match(/[\\p{L}\\p{M}\\p{N}]+/gu) || []).filter((w) => w.toLowerCase() !== 'and');
  const long = words.filter((w) => Array.from(w).length > 1);
  return long.length > 0 ? long : words;
}
function meanBest(xs, ys) {
  let sum = 0;
  for (const x of xs) {
    let best = 0;
    for (const y of ys) {
      const s = jaroWinkler(x, y);
      if (s > best) best = s;
      if (best === 1) break;
    }
    sum += best;
  }
  return sum / xs.length;
}
function mongeElkan(a, b) {
  const xs = nameWords(a), ys = nameWords(b);
  if (xs.length === 0 || ys.length === 0) return 0;
  return (meanBest(xs, ys) + meanBest(ys, xs)) / 2;
}`;

// Python: a word character is one of category L*, M* or N* (\\p{L}\\p{M}\\p{N}); len() counts code points.
const PYTHON = `${JARO_WINKLER.python.source}
import unicodedata

def name_words(value):
    words, cur = [], ''
    for ch in unicodedata.normalize('NFC', value) + ' ':
        if unicodedata.category(ch)[0] in 'LMN':
            cur += ch
        elif cur:
            words.append(cur)
            cur = ''
    words = [w for w in words if w.lower() != 'and']
    long = [w for w in words if len(w) > 1]
    return long if long else words

def mean_best(xs, ys):
    total = 0.0
    for x in xs:
        best = 0.0
        for y in ys:
            s = jaro_winkler(x, y)
            if s > best:
                best = s
            if best == 1:
                break
        total += best
    return total / len(xs)

def monge_elkan(a, b):
    xs, ys = name_words(a), name_words(b)
    if not xs or not ys:
        return 0.0
    return (mean_best(xs, ys) + mean_best(ys, xs)) / 2
`;


/** Trino statements setting `out` to the mean over `xs` of each word's best partner in `ys` (a pass stops at a partner scoring 1, as kindred's). */
function trinoMeanBest(xs: string, ys: string, out: string): string {
  return `SET ${out} = 0e0;
  SET ix = 1;
  WHILE ix <= cardinality(${xs}) DO
    SET best = 0e0;
    SET iy = 1;
    WHILE iy <= cardinality(${ys}) AND best <> 1e0 DO
      SET wa = element_at(${xs}, ix);
      SET wb = element_at(${ys}, iy);
      ${TRINO_JARO_WINKLER}
      IF jw > best THEN
        SET best = jw;
      END IF;
      SET iy = iy + 1;
    END WHILE;
    SET ${out} = ${out} + best;
    SET ix = ix + 1;
  END WHILE;
  SET ${out} = ${out} / cardinality(${xs});`;
}

/** Trino statements setting the ARRAY(VARCHAR) `out` to the name words of `src` (null when it has none), using `all_words`, `long_words`, `cur`, `ch` and `i`. */
function trinoNameWords(src: string, out: string): string {
  return `SET all_words = '';
  SET long_words = '';
  SET cur = '';
  SET norm = normalize(${src}, NFC);
  SET i = 1;
  WHILE i <= length(norm) + 1 DO
    SET ch = substr(norm, i, 1);
    IF i <= length(norm) AND regexp_like(ch, '^[\\p{L}\\p{M}\\p{N}]$') THEN
      SET cur = concat(cur, ch);
    ELSEIF cur <> '' THEN
      IF lower(cur) <> 'and' THEN
        SET all_words = IF(all_words = '', cur, concat(all_words, ' ', cur));
        IF length(cur) > 1 THEN
          SET long_words = IF(long_words = '', cur, concat(long_words, ' ', cur));
        END IF;
      END IF;
      SET cur = '';
    END IF;
    SET i = i + 1;
  END WHILE;
  SET ${out} = IF(long_words <> '', split(long_words, ' '), IF(all_words <> '', split(all_words, ' '), NULL));`;
}

// Words hold no space, so each list is gathered as words joined by spaces and split once at the end.
const TRINO = `BEGIN
  DECLARE xs, ys ARRAY(VARCHAR);
  DECLARE all_words, long_words, cur, norm, ch VARCHAR;
  DECLARE ix, iy BIGINT DEFAULT 0;
  DECLARE best, sum_x, sum_y DOUBLE;
  ${TRINO_JARO_WINKLER_DECLARATIONS}
  ${trinoNameWords('a', 'xs')}
  ${trinoNameWords('b', 'ys')}
  IF xs IS NULL OR ys IS NULL THEN
    RETURN 0e0;
  END IF;
  ${trinoMeanBest('xs', 'ys', 'sum_x')}
  ${trinoMeanBest('ys', 'xs', 'sum_y')}
  RETURN (sum_x + sum_y) / 2e0;
END`;

/**
 * The `monge_elkan` scorer as a warehouse function.
 *
 * @example
 * MONGE_ELKAN.javascript.call; // 'mongeElkan'
 */
export const MONGE_ELKAN: WarehouseFunction = {
  kind: 'scorer',
  name: 'monge_elkan',
  javascript: { source: JAVASCRIPT, call: 'mongeElkan' },
  python: { source: PYTHON, call: 'monge_elkan' },
  trino: TRINO,
};
