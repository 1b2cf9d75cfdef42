/** The `date_diff` and `date` scorers as warehouse functions: src/engine/scorers/date-diff.ts (dates read after Python's strip, day numbers, distance bands, the month/day swap floor; otherwise digit edits between strict ISO dates, else Levenshtein), on code points. */
import { JS_DAMERAU_DISTANCE, PY_DAMERAU_DISTANCE, TRINO_DAMERAU_DECLARATIONS, trinoDamerauDistance } from './damerau-levenshtein.js';
import { JS_PYTHON_STRIP, TRINO_WHITESPACE, trinoStrip } from './shared-code.js';
import type { WarehouseFunction } from './warehouse-function.js';

const JAVASCRIPT = `${JS_PYTHON_STRIP}
${JS_DAMERAU_DISTANCE}
function levenshteinDistance(a, b) {
  let prev = [];
  for (let j = 0; j <= b.length; j++) prev.push(j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur.push(Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost));
    }
    prev = cur;
  }
  return prev[b.length];
}
function daysInMonth(y, m) {
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return m === 2 ? (leap ? 29 : 28) : [31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
}
function makeDate(year, month, day) {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return { year, month, day, dayNumber: era * 146097 + dayOfEra - 719468 };
}
function parseDate(text) {
  const s = pythonStrip(text);
  let m = /^(\\d{4})([-/])(\\d{1,2})\\2(\\d{1,2})$/.exec(s);
  if (m !== null) return makeDate(Number(m[1]), Number(m[3]), Number(m[4]));
  m = /^(\\d{4})(\\d{2})(\\d{2})$/.exec(s);
  if (m !== null) return makeDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\\d{4})$/.exec(s);
  if (m !== null) return makeDate(Number(m[1]), 1, 1);
  return null;
}
function dateSimilarity(a, b) {
  const iso = /^(\\d{4})-(\\d{2})-(\\d{2})$/;
  if (iso.test(a) && iso.test(b)) {
    const d = damerauDistance(Array.from(a.replace(/-/g, '')), Array.from(b.replace(/-/g, '')));
    return d === 0 ? 1 : d === 1 ? 0.9 : d === 2 ? 0.75 : 0;
  }
  const x = Array.from(a), y = Array.from(b);
  const longest = Math.max(x.length, y.length);
  if (longest === 0) return 1;
  return 1 - levenshteinDistance(x, y) / longest;
}
function dateDiff(a, b) {
  const x = parseDate(a), y = parseDate(b);
  if (x === null || y === null) return dateSimilarity(a, b);
  const days = Math.abs(x.dayNumber - y.dayNumber);
  const score = days === 0 ? 1 : days <= 1 ? 0.92 : days <= 31 ? 0.8 : days <= 366 ? 0.6 : days <= 1827 ? 0.3 : 0;
  const swapped = x.year === y.year && x.month === y.day && x.day === y.month;
  return swapped && score < 0.8 ? 0.8 : score;
}`;

// Python: digits spelled [0-9] (Python's \\d takes other digits) and fullmatch (its $ would take a final newline).
const PYTHON = `${PY_DAMERAU_DISTANCE}
import re

def levenshtein_distance(a, b):
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i]
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost))
        prev = cur
    return prev[len(b)]

def days_in_month(y, m):
    leap = (y % 4 == 0 and y % 100 != 0) or y % 400 == 0
    return (29 if leap else 28) if m == 2 else [31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]

def make_date(year, month, day):
    if year < 1 or month < 1 or month > 12 or day < 1 or day > days_in_month(year, month):
        return None
    y = year - 1 if month <= 2 else year
    era = y // 400
    year_of_era = y - era * 400
    day_of_year = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    day_of_era = year_of_era * 365 + year_of_era // 4 - year_of_era // 100 + day_of_year
    return (year, month, day, era * 146097 + day_of_era - 719468)

def parse_date(text):
    s = text.strip()
    m = re.fullmatch(r'([0-9]{4})([-/])([0-9]{1,2})\\2([0-9]{1,2})', s)
    if m:
        return make_date(int(m.group(1)), int(m.group(3)), int(m.group(4)))
    m = re.fullmatch(r'([0-9]{4})([0-9]{2})([0-9]{2})', s)
    if m:
        return make_date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    m = re.fullmatch(r'([0-9]{4})', s)
    if m:
        return make_date(int(m.group(1)), 1, 1)
    return None

def date_similarity(a, b):
    iso = r'[0-9]{4}-[0-9]{2}-[0-9]{2}'
    if re.fullmatch(iso, a) and re.fullmatch(iso, b):
        d = damerau_distance(a.replace('-', ''), b.replace('-', ''))
        return 1.0 if d == 0 else 0.9 if d == 1 else 0.75 if d == 2 else 0.0
    longest = max(len(a), len(b))
    if longest == 0:
        return 1.0
    return 1 - levenshtein_distance(a, b) / longest

def date_diff(a, b):
    x, y = parse_date(a), parse_date(b)
    if x is None or y is None:
        return date_similarity(a, b)
    days = abs(x[3] - y[3])
    score = 1.0 if days == 0 else 0.92 if days <= 1 else 0.8 if days <= 31 else 0.6 if days <= 366 else 0.3 if days <= 1827 else 0.0
    swapped = x[0] == y[0] and x[1] == y[2] and x[2] == y[1]
    return 0.8 if swapped and score < 0.8 else score
`;

/**
 * Trino statements setting the BIGINTs `<p>_y`, `<p>_m`, `<p>_d`, `<p>_n`
 * (year, month, day, day number) from the VARCHAR `src`, left null when it is
 * not a date. The patterns end with `$` only after the strip, so no line end
 * is left for Java's `$` to stop before.
 */
function trinoParseDate(src: string, p: string): string {
  return `${trinoStrip(src, 'ws', 's')}
  SET yy = NULL;
  IF regexp_like(s, '^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}$') OR regexp_like(s, '^[0-9]{4}/[0-9]{1,2}/[0-9]{1,2}$') THEN
    SET yy = CAST(substr(s, 1, 4) AS BIGINT);
    SET mm = CAST(regexp_extract(s, '^[0-9]{4}[-/]([0-9]{1,2})', 1) AS BIGINT);
    SET dd = CAST(regexp_extract(s, '([0-9]{1,2})$', 1) AS BIGINT);
  ELSEIF regexp_like(s, '^[0-9]{8}$') THEN
    SET yy = CAST(substr(s, 1, 4) AS BIGINT);
    SET mm = CAST(substr(s, 5, 2) AS BIGINT);
    SET dd = CAST(substr(s, 7, 2) AS BIGINT);
  ELSEIF regexp_like(s, '^[0-9]{4}$') THEN
    SET yy = CAST(s AS BIGINT);
    SET mm = 1;
    SET dd = 1;
  END IF;
  SET ${p}_n = NULL;
  IF yy IS NOT NULL THEN
    SET dim = IF(mm = 2, IF((yy % 4 = 0 AND yy % 100 <> 0) OR yy % 400 = 0, 29, 28), element_at(ARRAY[31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31], greatest(least(mm, 12), 1)));
    IF yy >= 1 AND mm >= 1 AND mm <= 12 AND dd >= 1 AND dd <= dim THEN
      SET ey = IF(mm <= 2, yy - 1, yy);
      SET era = ey / 400;
      SET yoe = ey - era * 400;
      SET ${p}_y = yy;
      SET ${p}_m = mm;
      SET ${p}_d = dd;
      SET ${p}_n = era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + (153 * (mm + IF(mm > 2, -3, 9)) + 2) / 5 + dd - 1 - 719468;
    END IF;
  END IF;`;
}

/** Trino statements setting `out` (DOUBLE) to the `date` scorer of `a` and `b`; the ISO test bounds the length, so no final line end passes. */
const TRINO_DATE_SIMILARITY = (out: string): string => `IF length(a) = 10 AND length(b) = 10 AND regexp_like(a, '^[0-9]{4}-[0-9]{2}-[0-9]{2}') AND regexp_like(b, '^[0-9]{4}-[0-9]{2}-[0-9]{2}') THEN
    SET da = replace(a, '-', '');
    SET db = replace(b, '-', '');
    ${trinoDamerauDistance('da', 'db', 'dist')}
    SET ${out} = IF(dist = 0, 1e0, IF(dist = 1, 0.9e0, IF(dist = 2, 0.75e0, 0e0)));
  ELSEIF greatest(length(a), length(b)) = 0 THEN
    SET ${out} = 1e0;
  ELSE
    SET lev_prev = ARRAY[zero];
    SET j = 1;
    WHILE j <= length(b) DO
      SET lev_prev = lev_prev || j;
      SET j = j + 1;
    END WHILE;
    SET i = 1;
    WHILE i <= length(a) DO
      SET lev_cur = ARRAY[i];
      SET j = 1;
      WHILE j <= length(b) DO
        SET cost = IF(substr(a, i, 1) = substr(b, j, 1), 0, 1);
        SET lev_cur = lev_cur || least(element_at(lev_prev, j + 1) + 1, element_at(lev_cur, j) + 1, element_at(lev_prev, j) + cost);
        SET j = j + 1;
      END WHILE;
      SET lev_prev = lev_cur;
      SET i = i + 1;
    END WHILE;
    SET ${out} = 1e0 - CAST(element_at(lev_prev, length(b) + 1) AS DOUBLE) / greatest(length(a), length(b));
  END IF;`;

const TRINO_DECLARATIONS = `DECLARE ws VARCHAR DEFAULT ${TRINO_WHITESPACE};
  DECLARE s, da, db VARCHAR;
  DECLARE zero, dist, yy, mm, dd, dim, ey, era, yoe, a_y, a_m, a_d, a_n, b_y, b_m, b_d, b_n, days BIGINT DEFAULT 0;
  DECLARE lev_prev, lev_cur ARRAY(BIGINT);
  DECLARE sim, score DOUBLE;
  ${TRINO_DAMERAU_DECLARATIONS}`;

const TRINO_DATE = `BEGIN
  ${TRINO_DECLARATIONS}
  ${TRINO_DATE_SIMILARITY('sim')}
  RETURN sim;
END`;

const TRINO_DATE_DIFF = `BEGIN
  ${TRINO_DECLARATIONS}
  ${trinoParseDate('a', 'a')}
  ${trinoParseDate('b', 'b')}
  IF a_n IS NULL OR b_n IS NULL THEN
    ${TRINO_DATE_SIMILARITY('sim')}
    RETURN sim;
  END IF;
  SET days = abs(a_n - b_n);
  SET score = IF(days = 0, 1e0, IF(days <= 1, 0.92e0, IF(days <= 31, 0.8e0, IF(days <= 366, 0.6e0, IF(days <= 1827, 0.3e0, 0e0)))));
  IF a_y = b_y AND a_m = b_d AND a_d = b_m AND score < 0.8e0 THEN
    RETURN 0.8e0;
  END IF;
  RETURN score;
END`;

/**
 * The `date_diff` scorer as a warehouse function.
 *
 * @example
 * DATE_DIFF.javascript.call; // 'dateDiff'
 */
export const DATE_DIFF: WarehouseFunction = {
  kind: 'scorer',
  name: 'date_diff',
  javascript: { source: JAVASCRIPT, call: 'dateDiff' },
  python: { source: PYTHON, call: 'date_diff' },
  trino: TRINO_DATE_DIFF,
};

/**
 * The `date` scorer as a warehouse function.
 *
 * @example
 * DATE.python.call; // 'date_similarity'
 */
export const DATE: WarehouseFunction = {
  kind: 'scorer',
  name: 'date',
  javascript: { source: JAVASCRIPT, call: 'dateSimilarity' },
  python: { source: PYTHON, call: 'date_similarity' },
  trino: TRINO_DATE,
};
