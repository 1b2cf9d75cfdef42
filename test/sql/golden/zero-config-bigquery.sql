-- kindred: zero-config.yaml compiled for bigquery
-- Reads my-project.crm.people (record id: record_id); every compared column is read as text.
-- Makes `kindred_token_sort`, `kindred_code_token`, `kindred_amount`, `kindred_token_set`, `kindred_numeric_diff`, `kindred_monge_elkan`, `kindred_token_sort_ratio`, `my-project`.`crm`.`kindred_records`, `my-project`.`crm`.`kindred_candidates`, `my-project`.`crm`.`kindred_edges`.
-- `my-project`.`crm`.`kindred_edges`: a < b (record ids), score, decider (the deciding matchkey: 0 = product), matched (else the pair is in the review band).
-- Cluster them: export `my-project`.`crm`.`kindred_edges` as CSV or Parquet, then kindred cluster --edges <that file> --config zero-config.yaml

-- `kindred_token_sort`: the token_sort transform as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_token_sort`(x STRING) RETURNS STRING LANGUAGE js AS r"""
function isWs(c) {
  return [9,10,11,12,13,28,29,30,31,32,133,160,5760,8192,8193,8194,8195,8196,8197,8198,8199,8200,8201,8202,8232,8233,8239,8287,12288].indexOf(c) >= 0;
}
function tokens(s) {
  const out = [];
  let cur = '';
  for (const ch of s) {
    if (isWs(ch.codePointAt(0))) {
      if (cur !== '') { out.push(cur); cur = ''; }
    } else cur += ch;
  }
  if (cur !== '') out.push(cur);
  return out;
}
function cmpCodePoints(a, b) {
  const x = Array.from(a), y = Array.from(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
function lcs(a, b) {
  const row = new Array(b.length + 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = b[j - 1] === a[i] ? diagonal + 1 : Math.max(above, row[j - 1]);
      diagonal = above;
    }
  }
  return row[b.length];
}
function indel(s, t) {
  const a = Array.from(s), b = Array.from(t);
  const total = a.length + b.length;
  if (total === 0) return 1;
  return 1 - (total - 2 * lcs(a, b)) / total;
}
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
}
return sortTokens(x);
""";

-- `kindred_code_token`: the code_token transform as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_code_token`(x STRING) RETURNS STRING LANGUAGE js AS r"""
function codeToken(value) {
  let best = '';
  for (const raw of value.split(/[\s/,;:()[\]{}|+]+/u)) {
    const token = raw.replace(/[^\p{L}\p{N}]+/gu, '');
    if (token.length >= 3 && token.length > best.length && /\p{L}/u.test(token) && /\p{N}/u.test(token)) best = token;
  }
  return best;
}
return codeToken(x);
""";

-- `kindred_amount`: the amount transform as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_amount`(x STRING) RETURNS STRING LANGUAGE js AS r"""
function amount(value) {
  return value.trim().replace(/^[$€£¥]\s*|\s*[$€£¥]$/gu, '').replace(/(\d),(?=\d{3}(?:\D|$))/g, '$1');
}
return amount(x);
""";

-- `kindred_token_set`: the token_set scorer as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_token_set`(a STRING, b STRING) RETURNS FLOAT64 LANGUAGE js AS r"""
function isWs(c) {
  return [9,10,11,12,13,28,29,30,31,32,133,160,5760,8192,8193,8194,8195,8196,8197,8198,8199,8200,8201,8202,8232,8233,8239,8287,12288].indexOf(c) >= 0;
}
function tokens(s) {
  const out = [];
  let cur = '';
  for (const ch of s) {
    if (isWs(ch.codePointAt(0))) {
      if (cur !== '') { out.push(cur); cur = ''; }
    } else cur += ch;
  }
  if (cur !== '') out.push(cur);
  return out;
}
function cmpCodePoints(a, b) {
  const x = Array.from(a), y = Array.from(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
function lcs(a, b) {
  const row = new Array(b.length + 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = b[j - 1] === a[i] ? diagonal + 1 : Math.max(above, row[j - 1]);
      diagonal = above;
    }
  }
  return row[b.length];
}
function indel(s, t) {
  const a = Array.from(s), b = Array.from(t);
  const total = a.length + b.length;
  if (total === 0) return 1;
  return 1 - (total - 2 * lcs(a, b)) / total;
}
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
}
return tokenSet(a, b);
""";

-- `kindred_numeric_diff`: the numeric_diff scorer as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_numeric_diff`(a STRING, b STRING, mode STRING, band FLOAT64) RETURNS FLOAT64 LANGUAGE js AS r"""
function isPythonSpace(ch) {
  return '\u0009\u000a\u000b\u000c\u000d\u001c\u001d\u001e\u001f\u0020\u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000'.indexOf(ch) >= 0;
}
function pythonStrip(text) {
  const cps = Array.from(text);
  let s = 0, e = cps.length;
  while (s < e && isPythonSpace(cps[s])) s++;
  while (e > s && isPythonSpace(cps[e - 1])) e--;
  return cps.slice(s, e).join('');
}
function parseFiniteFloat(text) {
  const t = pythonStrip(text);
  if (!/^[+-]?(?:[0-9](?:_?[0-9])*(?:\.(?:[0-9](?:_?[0-9])*)?)?|\.[0-9](?:_?[0-9])*)(?:[eE][+-]?[0-9](?:_?[0-9])*)?$/.test(t)) return null;
  const n = Number(t.replace(/_/g, ''));
  return Number.isFinite(n) ? n : null;
}
function numericDiff(a, b, mode, band) {
  const x = parseFiniteFloat(a), y = parseFiniteFloat(b);
  if (x === null || y === null) return a === b ? 1 : 0;
  const diff = Math.abs(x - y);
  const dist = mode === 'abs' ? diff : diff / Math.max(Math.abs(x), Math.abs(y), 1e-9);
  return dist < band ? 1 - dist / band : 0;
}
return numericDiff(a, b, mode, band);
""";

-- `kindred_monge_elkan`: the monge_elkan scorer as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_monge_elkan`(a STRING, b STRING) RETURNS FLOAT64 LANGUAGE js AS r"""
function jaro(s, t) {
  const a = Array.from(s), b = Array.from(t);
  const la = a.length, lb = b.length;
  if (la === 0 || lb === 0) return la === lb ? 1 : 0;
  if (la === 1 && lb === 1) return a[0] === b[0] ? 1 : 0;
  const window = Math.floor(Math.max(la, lb) / 2) - 1;
  const flags = new Array(lb).fill(false);
  const chars = [];
  for (let i = 0; i < la; i++) {
    const lo = i > window ? i - window : 0;
    const hi = Math.min(i + window + 1, lb);
    for (let j = lo; j < hi; j++) {
      if (!flags[j] && b[j] === a[i]) { flags[j] = true; chars.push(a[i]); break; }
    }
  }
  const m = chars.length;
  if (m === 0) return 0;
  let outOfOrder = 0, k = 0;
  for (let i = 0; i < m; i++) {
    while (!flags[k]) k++;
    if (chars[i] !== b[k]) outOfOrder++;
    k++;
  }
  const t2 = Math.floor(outOfOrder / 2);
  return (m / la + m / lb + (m - t2) / m) / 3;
}
function jaroWinkler(s, t) {
  const sim = jaro(s, t);
  if (sim <= 0.7) return sim;
  const a = Array.from(s), b = Array.from(t);
  const limit = Math.min(a.length, b.length, 4);
  let prefix = 0;
  while (prefix < limit && a[prefix] === b[prefix]) prefix++;
  return sim + prefix * 0.1 * (1 - sim);
}
function nameWords(value) {
  const words = (value.normalize('NFC').match(/[\p{L}\p{M}\p{N}]+/gu) || []).filter((w) => w.toLowerCase() !== 'and');
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
}
return mongeElkan(a, b);
""";

-- `kindred_token_sort_ratio`: the token_sort scorer as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_token_sort_ratio`(a STRING, b STRING) RETURNS FLOAT64 LANGUAGE js AS r"""
function isWs(c) {
  return [9,10,11,12,13,28,29,30,31,32,133,160,5760,8192,8193,8194,8195,8196,8197,8198,8199,8200,8201,8202,8232,8233,8239,8287,12288].indexOf(c) >= 0;
}
function tokens(s) {
  const out = [];
  let cur = '';
  for (const ch of s) {
    if (isWs(ch.codePointAt(0))) {
      if (cur !== '') { out.push(cur); cur = ''; }
    } else cur += ch;
  }
  if (cur !== '') out.push(cur);
  return out;
}
function cmpCodePoints(a, b) {
  const x = Array.from(a), y = Array.from(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
function lcs(a, b) {
  const row = new Array(b.length + 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = b[j - 1] === a[i] ? diagonal + 1 : Math.max(above, row[j - 1]);
      diagonal = above;
    }
  }
  return row[b.length];
}
function indel(s, t) {
  const a = Array.from(s), b = Array.from(t);
  const total = a.length + b.length;
  if (total === 0) return 1;
  return 1 - (total - 2 * lcs(a, b)) / total;
}
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
}
return tokenSort(a, b);
""";

-- `my-project`.`crm`.`kindred_records`: one row per record: its id and every prepared (transformed) field
CREATE OR REPLACE TABLE `my-project`.`crm`.`kindred_records` AS
SELECT row_id,
  NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE SUBSTR(c0, 1, 8) END, '') AS c0,
  c1,
  c2,
  c3,
  c4,
  c5,
  c6
FROM (
  SELECT row_id,
    NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE REGEXP_REPLACE(c0, '[^a-zA-Z]+', '') END, '') AS c0,
    c1,
    c2,
    c3,
    c4,
    c5,
    c6
  FROM (
    SELECT row_id,
      NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE `kindred_token_sort`(c0) END, '') AS c0,
      NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE `kindred_code_token`(c1) END, '') AS c1,
      NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE CASE WHEN (BYTE_LENGTH(c2) = CHAR_LENGTH(c2)) THEN REGEXP_REPLACE(REGEXP_REPLACE(c2, '[\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]+', ' '), '^ | $', '') ELSE ERROR('kindred: matchkeys[0] (product).fields[0] (title): transform normalize_whitespace is compiled for ASCII text only in bigquery; got another character') END END, '') AS c2,
      c3,
      c4,
      c5,
      c6
    FROM (
      SELECT row_id,
        NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE CASE WHEN (BYTE_LENGTH(c0) = CHAR_LENGTH(c0)) THEN lower(c0) ELSE ERROR('kindred: blocking.keys[0].fields[0]: transform lowercase is compiled for ASCII text only in bigquery; got another character') END END, '') AS c0,
        NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE CASE WHEN (BYTE_LENGTH(c1) = CHAR_LENGTH(c1)) THEN lower(c1) ELSE ERROR('kindred: blocking.keys[1].fields[0]: transform lowercase is compiled for ASCII text only in bigquery; got another character') END END, '') AS c1,
        NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE CASE WHEN (BYTE_LENGTH(c2) = CHAR_LENGTH(c2)) THEN lower(c2) ELSE ERROR('kindred: matchkeys[0] (product).fields[0] (title): transform lowercase is compiled for ASCII text only in bigquery; got another character') END END, '') AS c2,
        NULLIF(CASE WHEN c3 IS NULL THEN NULL ELSE `kindred_amount`(c3) END, '') AS c3,
        NULLIF(CASE WHEN c4 IS NULL THEN NULL ELSE `kindred_amount`(c4) END, '') AS c4,
        NULLIF(CASE WHEN c5 IS NULL THEN NULL ELSE CASE WHEN (BYTE_LENGTH(c5) = CHAR_LENGTH(c5)) THEN lower(c5) ELSE ERROR('kindred: matchkeys[0] (product).fields[4] (authors): transform lowercase is compiled for ASCII text only in bigquery; got another character') END END, '') AS c5,
        c6
      FROM (
        SELECT `record_id` AS row_id,
          NULLIF(CAST(`title` AS STRING), '') AS c0,
          NULLIF(CAST(`title` AS STRING), '') AS c1,
          NULLIF(CAST(`title` AS STRING), '') AS c2,
          NULLIF(CAST(`price` AS STRING), '') AS c3,
          NULLIF(CAST(`weight` AS STRING), '') AS c4,
          NULLIF(CAST(`authors` AS STRING), '') AS c5,
          NULLIF(CAST(`brand` AS STRING), '') AS c6
        FROM `my-project`.`crm`.`people`
      ) AS step1
    ) AS step2
  ) AS step3
) AS step4;

-- `my-project`.`crm`.`kindred_candidates`: candidate pairs (a < b): the union of the blocking passes, each pair once
CREATE OR REPLACE TABLE `my-project`.`crm`.`kindred_candidates` AS
-- blocking.keys[0]
SELECT l.row_id AS a, r.row_id AS b
FROM `my-project`.`crm`.`kindred_records` AS l JOIN `my-project`.`crm`.`kindred_records` AS r ON l.c0 = r.c0 AND l.row_id < r.row_id
UNION ALL
-- blocking.keys[1]
SELECT l.row_id AS a, r.row_id AS b
FROM `my-project`.`crm`.`kindred_records` AS l JOIN `my-project`.`crm`.`kindred_records` AS r ON l.c1 = r.c1 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0, FALSE));

-- `my-project`.`crm`.`kindred_edges`: kept pairs: matched or in the review band, with the score and the deciding matchkey (index in the configuration)
CREATE OR REPLACE TABLE `my-project`.`crm`.`kindred_edges` AS
SELECT a, b, score, decider, matched
FROM (
  SELECT a, b, m0 AS score, decider,
    m0 >= 0.749999999e0 AS matched,
    m0 >= 0.65e0 AS kept
  FROM (
    SELECT a, b, m0,
      CASE WHEN m0 >= 0.749999999e0 THEN CASE WHEN m0 >= 0.749999999e0 THEN 0 END ELSE CASE WHEN TRUE THEN 0 END END AS decider
    FROM (
      SELECT a, b,
        CASE WHEN ((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.25e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.25e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.7e0 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.3e0 END) > 0e0 THEN ((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 * s1 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.25e0 * s2 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.25e0 * s3 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.7e0 * s4 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.3e0 * s5 END) / GREATEST(((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.25e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.25e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.7e0 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.3e0 END), 0e0) ELSE 0e0 END AS m0
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c2 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c2 = r.c2 THEN 1e0 ELSE `kindred_token_set`(l.c2, r.c2) END AS s0,
          CASE WHEN l.c1 IS NULL OR r.c1 IS NULL THEN NULL WHEN l.c1 = r.c1 THEN 1e0 ELSE 0e0 END AS s1,
          CASE WHEN l.c3 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c3 = r.c3 THEN 1e0 ELSE `kindred_numeric_diff`(l.c3, r.c3, 'pct', 0.1e0) END AS s2,
          CASE WHEN l.c4 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c4 = r.c4 THEN 1e0 ELSE `kindred_numeric_diff`(l.c4, r.c4, 'abs', 5e0) END AS s3,
          CASE WHEN l.c5 IS NULL OR r.c5 IS NULL THEN NULL WHEN l.c5 = r.c5 THEN 1e0 ELSE `kindred_monge_elkan`(l.c5, r.c5) END AS s4,
          CASE WHEN l.c6 IS NULL OR r.c6 IS NULL THEN NULL WHEN l.c6 = r.c6 THEN 1e0 ELSE `kindred_token_sort_ratio`(l.c6, r.c6) END AS s5
        FROM `my-project`.`crm`.`kindred_candidates` AS c
        JOIN `my-project`.`crm`.`kindred_records` AS l ON l.row_id = c.a
        JOIN `my-project`.`crm`.`kindred_records` AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
