/** The `token_sort` and `token_set` scorers and the `token_sort` transform as warehouse functions: src/engine/scorers/token-ratio.ts and transforms/token-transforms.ts (Python whitespace tokens, code-point order, Indel ratios), on code points. */
import { JS_TOKENS, PY_LCS, TRINO_TOKEN_DECLARATIONS, trinoJoinTokens, trinoLcs } from './shared-code.js';
import type { WarehouseFunction } from './warehouse-function.js';

// token_set follows compareTokenSets line by line: distinct sorted tokens, merged into shared and
// leftovers, 1 when one side holds the other, else the best of three ratios (lengths in code points).
/**
 * JavaScript (BigQuery) `sortTokens`, `tokenSort` and `tokenSet` (with {@link JS_TOKENS}).
 *
 * @example
 * `${JS_TOKEN_RATIOS}\nreturn tokenSort(a, b);`;
 */
export const JS_TOKEN_RATIOS = `${JS_TOKENS}
function sortTokens(s) {
  return tokens(s).sort(cmpCodePoints).join(' ');
}
function tokenSort(a, b) {
  return indel(sortTokens(a), sortTokens(b));
}
function tokenSet(s, t) {
  const a = Array.from(new Set(tokens(s))).sort(cmpCodePoints);
  const b = Array.from(new Set(tokens(t))).sort(cmpCodePoints);
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 1 : 0;
  const shared = [], onlyA = [], onlyB = [];
  let i = 0, j = 0;
  while (i < a.length && j < b.length) {
    const c = cmpCodePoints(a[i], b[j]);
    if (c === 0) { shared.push(a[i]); i++; j++; }
    else if (c < 0) onlyA.push(a[i++]);
    else onlyB.push(b[j++]);
  }
  while (i < a.length) onlyA.push(a[i++]);
  while (j < b.length) onlyB.push(b[j++]);
  if (shared.length > 0 && (onlyA.length === 0 || onlyB.length === 0)) return 1;
  const diffA = Array.from(onlyA.join(' ')), diffB = Array.from(onlyB.join(' '));
  const aLen = diffA.length, bLen = diffB.length;
  const sharedLen = Array.from(shared.join(' ')).length;
  const separator = sharedLen !== 0 ? 1 : 0;
  const sharedPlusA = sharedLen + separator + aLen;
  const sharedPlusB = sharedLen + separator + bLen;
  const distance = aLen + bLen - 2 * lcs(diffA, diffB);
  const total = sharedPlusA + sharedPlusB;
  const best = total === 0 ? 1 : 1 - distance / total;
  if (sharedLen === 0) return best;
  const withA = 1 - (separator + aLen) / (sharedLen + sharedPlusA);
  const withB = 1 - (separator + bLen) / (sharedLen + sharedPlusB);
  return Math.max(best, withA, withB);
}`;

/**
 * Python (Databricks) `sort_tokens`, `token_sort` and `token_set`.
 *
 * @example
 * `${PY_TOKEN_RATIOS}\nprint(token_sort(a, b))`;
 */
export const PY_TOKEN_RATIOS = `${PY_LCS}
def sort_tokens(s):
    return ' '.join(sorted(s.split()))

def token_sort(a, b):
    return indel(sort_tokens(a), sort_tokens(b))

def token_set(s, t):
    a = sorted(set(s.split()))
    b = sorted(set(t.split()))
    if len(a) == 0 or len(b) == 0:
        return 1.0 if len(a) == len(b) else 0.0
    shared, only_a, only_b = [], [], []
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i] == b[j]:
            shared.append(a[i])
            i += 1
            j += 1
        elif a[i] < b[j]:
            only_a.append(a[i])
            i += 1
        else:
            only_b.append(b[j])
            j += 1
    only_a += a[i:]
    only_b += b[j:]
    if shared and (not only_a or not only_b):
        return 1.0
    diff_a, diff_b = ' '.join(only_a), ' '.join(only_b)
    a_len, b_len = len(diff_a), len(diff_b)
    shared_len = len(' '.join(shared))
    separator = 1 if shared_len != 0 else 0
    shared_plus_a = shared_len + separator + a_len
    shared_plus_b = shared_len + separator + b_len
    distance = a_len + b_len - 2 * lcs(diff_a, diff_b)
    total = shared_plus_a + shared_plus_b
    best = 1.0 if total == 0 else 1 - distance / total
    if shared_len == 0:
        return best
    with_a = 1 - (separator + a_len) / (shared_len + shared_plus_a)
    with_b = 1 - (separator + b_len) / (shared_len + shared_plus_b)
    return max(best, with_a, with_b)
`;

// Trino: the tokens joined by one space first (a loop over code points), then split on that space
// and array_sort (VARCHAR order is UTF-8 byte order, which is code-point order).
const TRINO_SORT = (src: string, joined: string, out: string): string => `${trinoJoinTokens(src, joined)}
  SET ${out} = IF(${joined} = '', '', array_join(array_sort(split(${joined}, ' ')), ' '));`;

/**
 * Trino statements setting the DOUBLE `out` to the `token_sort` ratio of the
 * VARCHARs `a` and `b`; they use the VARCHARs `joined`, `sa`, `sb`, the
 * BIGINTs `total`, `common` and the token declarations
 * ({@link TRINO_TOKEN_DECLARATIONS}).
 *
 * @example
 * trinoTokenSortRatio('a', 'b', 'ts');
 */
export function trinoTokenSortRatio(a: string, b: string, out: string): string {
  return `${TRINO_SORT(a, 'joined', 'sa')}
  ${TRINO_SORT(b, 'joined', 'sb')}
  SET total = length(sa) + length(sb);
  IF total = 0 THEN
    SET ${out} = 1e0;
  ELSE
    ${trinoLcs('sa', 'sb', 'common')}
    SET ${out} = 1e0 - CAST(total - 2 * common AS DOUBLE) / total;
  END IF;`;
}

const TRINO_TOKEN_SORT_SCORER = `BEGIN
  ${TRINO_TOKEN_DECLARATIONS}
  DECLARE joined, sa, sb VARCHAR;
  DECLARE total, common BIGINT DEFAULT 0;
  DECLARE ratio DOUBLE;
  ${trinoTokenSortRatio('a', 'b', 'ratio')}
  RETURN ratio;
END`;

const TRINO_TOKEN_SORT_TRANSFORM = `BEGIN
  ${TRINO_TOKEN_DECLARATIONS}
  DECLARE joined, sorted VARCHAR;
  ${TRINO_SORT('x', 'joined', 'sorted')}
  RETURN sorted;
END`;

// The distinct tokens of each side by skipping a token equal to the one before it in sorted order;
// the merge appends to the joined strings of shared tokens and leftovers directly.
const TRINO_TOKEN_SET = `BEGIN
  ${TRINO_TOKEN_DECLARATIONS}
  DECLARE na, nb, shared, only_a, only_b, ta, tb VARCHAR DEFAULT '';
  DECLARE la, lb ARRAY(VARCHAR);
  DECLARE ia, ib, a_len, b_len, shared_len, separator, plus_a, plus_b, common, distance, total BIGINT DEFAULT 0;
  DECLARE best DOUBLE;
  ${trinoJoinTokens('a', 'na')}
  ${trinoJoinTokens('b', 'nb')}
  IF na = '' OR nb = '' THEN
    RETURN IF(na = nb, 1e0, 0e0);
  END IF;
  SET la = array_sort(split(na, ' '));
  SET lb = array_sort(split(nb, ' '));
  SET ia = 1;
  SET ib = 1;
  WHILE ia <= cardinality(la) OR ib <= cardinality(lb) DO
    SET ta = IF(ia <= cardinality(la), element_at(la, ia), NULL);
    SET tb = IF(ib <= cardinality(lb), element_at(lb, ib), NULL);
    IF ia > 1 AND ta IS NOT NULL AND ta = element_at(la, greatest(ia - 1, 1)) THEN
      SET ia = ia + 1;
    ELSEIF ib > 1 AND tb IS NOT NULL AND tb = element_at(lb, greatest(ib - 1, 1)) THEN
      SET ib = ib + 1;
    ELSEIF tb IS NULL OR (ta IS NOT NULL AND ta < tb) THEN
      SET only_a = IF(only_a = '', ta, concat(only_a, ' ', ta));
      SET ia = ia + 1;
    ELSEIF ta IS NULL OR tb < ta THEN
      SET only_b = IF(only_b = '', tb, concat(only_b, ' ', tb));
      SET ib = ib + 1;
    ELSE
      SET shared = IF(shared = '', ta, concat(shared, ' ', ta));
      SET ia = ia + 1;
      SET ib = ib + 1;
    END IF;
  END WHILE;
  IF shared <> '' AND (only_a = '' OR only_b = '') THEN
    RETURN 1e0;
  END IF;
  SET a_len = length(only_a);
  SET b_len = length(only_b);
  SET shared_len = length(shared);
  SET separator = IF(shared_len <> 0, 1, 0);
  SET plus_a = shared_len + separator + a_len;
  SET plus_b = shared_len + separator + b_len;
  ${trinoLcs('only_a', 'only_b', 'common')}
  SET distance = a_len + b_len - 2 * common;
  SET total = plus_a + plus_b;
  SET best = IF(total = 0, 1e0, 1e0 - CAST(distance AS DOUBLE) / total);
  IF shared_len = 0 THEN
    RETURN best;
  END IF;
  RETURN greatest(best, 1e0 - CAST(separator + a_len AS DOUBLE) / (shared_len + plus_a), 1e0 - CAST(separator + b_len AS DOUBLE) / (shared_len + plus_b));
END`;

/**
 * The `token_sort` scorer as a warehouse function (`kindred_token_sort_ratio`: the transform has the plain name).
 *
 * @example
 * TOKEN_SORT_SCORER.javascript.call; // 'tokenSort'
 */
export const TOKEN_SORT_SCORER: WarehouseFunction = {
  kind: 'scorer',
  name: 'token_sort',
  sqlName: 'token_sort_ratio',
  javascript: { source: JS_TOKEN_RATIOS, call: 'tokenSort' },
  python: { source: PY_TOKEN_RATIOS, call: 'token_sort' },
  trino: TRINO_TOKEN_SORT_SCORER,
};

/**
 * The `token_set` scorer as a warehouse function.
 *
 * @example
 * TOKEN_SET.python.call; // 'token_set'
 */
export const TOKEN_SET: WarehouseFunction = {
  kind: 'scorer',
  name: 'token_set',
  javascript: { source: JS_TOKEN_RATIOS, call: 'tokenSet' },
  python: { source: PY_TOKEN_RATIOS, call: 'token_set' },
  trino: TRINO_TOKEN_SET,
};

/**
 * The `token_sort` transform as a warehouse function (the any-order blocking key zero-config offers).
 *
 * @example
 * TOKEN_SORT_TRANSFORM.javascript.call; // 'sortTokens'
 */
export const TOKEN_SORT_TRANSFORM: WarehouseFunction = {
  kind: 'transform',
  name: 'token_sort',
  javascript: { source: JS_TOKEN_RATIOS, call: 'sortTokens' },
  python: { source: PY_TOKEN_RATIOS, call: 'sort_tokens' },
  trino: TRINO_TOKEN_SORT_TRANSFORM,
};
