/** The `monge_elkan` scorer as warehouse functions: src/engine/scorers/monge-elkan.ts (NFC, runs of letters, marks and digits, "and" and initials dropped, each word's best Jaro–Winkler partner averaged both ways), with the Jaro–Winkler of functions/jaro.ts. */
import { JARO_WINKLER } from './jaro.js';
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

/**
 * Trino statements setting the DOUBLE `jw` to the Jaro–Winkler similarity
 * of the VARCHARs `wa` and `wb`: the loop of functions/jaro.ts with its early
 * RETURNs as branches (a routine has no sub-routines), the prefix boost above 0.7.
 */
const TRINO_JARO_WINKLER = `SET n_a = length(wa);
      SET n_b = length(wb);
      IF n_a = 0 OR n_b = 0 THEN
        SET jw = IF(n_a = n_b, 1e0, 0e0);
      ELSEIF n_a = 1 AND n_b = 1 THEN
        SET jw = IF(wa = wb, 1e0, 0e0);
      ELSE
        SET span = greatest(n_a, n_b) / 2 - 1;
        SET flags = rpad('', n_b, '0');
        SET chars = '';
        SET i = 0;
        WHILE i < n_a DO
          SET c = substr(wa, i + 1, 1);
          SET j = IF(i > span, i - span, 0);
          SET hi = least(i + span + 1, n_b);
          SET hit = FALSE;
          WHILE j < hi AND NOT hit DO
            IF substr(flags, j + 1, 1) = '0' AND substr(wb, j + 1, 1) = c THEN
              SET flags = concat(substr(flags, 1, j), '1', substr(flags, j + 2));
              SET chars = concat(chars, c);
              SET hit = TRUE;
            END IF;
            SET j = j + 1;
          END WHILE;
          SET i = i + 1;
        END WHILE;
        SET m = length(chars);
        IF m = 0 THEN
          SET jw = 0e0;
        ELSE
          SET i = 0;
          SET k = 0;
          SET t = 0;
          WHILE i < m DO
            WHILE substr(flags, k + 1, 1) = '0' DO
              SET k = k + 1;
            END WHILE;
            IF substr(chars, i + 1, 1) <> substr(wb, k + 1, 1) THEN
              SET t = t + 1;
            END IF;
            SET k = k + 1;
            SET i = i + 1;
          END WHILE;
          SET t = t / 2;
          SET jw = (CAST(m AS DOUBLE) / n_a + CAST(m AS DOUBLE) / n_b + CAST(m - t AS DOUBLE) / m) / 3e0;
          IF jw > 0.7e0 THEN
            SET lim = least(n_a, n_b, 4);
            SET p = 0;
            WHILE p < lim AND substr(wa, p + 1, 1) = substr(wb, p + 1, 1) DO
              SET p = p + 1;
            END WHILE;
            SET jw = jw + p * 0.1e0 * (1e0 - jw);
          END IF;
        END IF;
      END IF;`;

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
  DECLARE all_words, long_words, cur, norm, ch, wa, wb, flags, chars, c VARCHAR;
  DECLARE i, j, hi, m, k, t, lim, p, n_a, n_b, span, ix, iy BIGINT DEFAULT 0;
  DECLARE hit BOOLEAN DEFAULT FALSE;
  DECLARE jw, best, sum_x, sum_y DOUBLE;
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
