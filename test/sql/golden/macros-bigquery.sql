-- kindred: macros.yaml compiled for bigquery
-- Reads my-project.crm.people (record id: record_id); every compared column is read as text.
-- Makes `kindred_soundex`, `kindred_qgram`, `kindred_strip_honorifics`, `kindred_token_sort`, `kindred_amount`, `kindred_code_token`, `kindred_soundex_match`, `kindred_numeric_diff`, `my-project`.`crm`.`kindred_records`, `my-project`.`crm`.`kindred_candidates`, `my-project`.`crm`.`kindred_edges`.
-- `my-project`.`crm`.`kindred_edges`: a < b (record ids), score, decider (the deciding matchkey: 0 = person), matched (else the pair is in the review band).
-- Cluster them: export `my-project`.`crm`.`kindred_edges` as CSV or Parquet, then kindred cluster --edges <that file> --config macros.yaml

-- `kindred_soundex`: the soundex transform as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_soundex`(x STRING) RETURNS STRING LANGUAGE js AS r"""
function soundex(value) {
  const codes = '01230120022455012623010202';
  const s = value.normalize('NFKD').toUpperCase();
  let out = '';
  let digits = 0;
  let previous = 0;
  for (let i = 0; i < s.length && digits < 3; i++) {
    const c = s.charCodeAt(i);
    if (c < 65 || c > 90) { previous = 0; continue; }
    const code = c === 72 || c === 87 ? -1 : Number(codes[c - 65]);
    if (out === '') { out = s[i]; previous = code > 0 ? code : 0; continue; }
    if (code < 0) continue;
    if (code > 0 && code !== previous) { out += String(code); digits++; }
    previous = code;
  }
  if (out === '') return '';
  return out + '000'.slice(digits);
}
return soundex(x);
""";

-- `kindred_qgram`: the qgram transform as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_qgram`(x STRING, q INT64) RETURNS STRING LANGUAGE js AS r"""
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
function qgramSignature(value, q) {
  const chars = Array.from('##' + value + '##');
  const grams = new Set();
  for (let i = 0; i + q <= chars.length; i++) grams.add(chars.slice(i, i + q).join(''));
  return Array.from(grams).sort(cmpCodePoints).slice(0, 5).join(' ');
}
return qgramSignature(x, q);
""";

-- `kindred_strip_honorifics`: the strip_honorifics transform as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_strip_honorifics`(x STRING) RETURNS STRING LANGUAGE js AS r"""
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
function stripHonorifics(value) {
  const titles = new Set(["mr","mrs","ms","miss","mstr","dr","prof","professor","rev","revd","reverend","sir","dame","kt","bt","baronet","jr","sr","esq","esquire","phd","md","dds","dvm"]);
  return tokens(value).filter((t) => !titles.has(t.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase())).join(' ');
}
return stripHonorifics(x);
""";

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

-- `kindred_amount`: the amount transform as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_amount`(x STRING) RETURNS STRING LANGUAGE js AS r"""
function amount(value) {
  return value.trim().replace(/^[$€£¥]\s*|\s*[$€£¥]$/gu, '').replace(/(\d),(?=\d{3}(?:\D|$))/g, '$1');
}
return amount(x);
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

-- `kindred_soundex_match`: the soundex_match scorer as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_soundex_match`(a STRING, b STRING) RETURNS FLOAT64 LANGUAGE js AS r"""
function soundex(value) {
  const codes = '01230120022455012623010202';
  const s = value.normalize('NFKD').toUpperCase();
  let out = '';
  let digits = 0;
  let previous = 0;
  for (let i = 0; i < s.length && digits < 3; i++) {
    const c = s.charCodeAt(i);
    if (c < 65 || c > 90) { previous = 0; continue; }
    const code = c === 72 || c === 87 ? -1 : Number(codes[c - 65]);
    if (out === '') { out = s[i]; previous = code > 0 ? code : 0; continue; }
    if (code < 0) continue;
    if (code > 0 && code !== previous) { out += String(code); digits++; }
    previous = code;
  }
  if (out === '') return '';
  return out + '000'.slice(digits);
}
function soundexMatch(a, b) {
  const x = soundex(a);
  return x !== '' && x === soundex(b) ? 1 : 0;
}
return soundexMatch(a, b);
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

-- `my-project`.`crm`.`kindred_records`: one row per record: its id and every prepared (transformed) field
CREATE OR REPLACE TABLE `my-project`.`crm`.`kindred_records` AS
SELECT row_id,
  c0,
  c1,
  c2,
  NULLIF(CASE WHEN c3 IS NULL THEN NULL ELSE `kindred_token_sort`(c3) END, '') AS c3,
  c4,
  c5,
  c6
FROM (
  SELECT row_id,
    NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE `kindred_soundex`(c0) END, '') AS c0,
    NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE `kindred_qgram`(c1, 2) END, '') AS c1,
    c2,
    NULLIF(CASE WHEN c3 IS NULL THEN NULL ELSE `kindred_strip_honorifics`(c3) END, '') AS c3,
    NULLIF(CASE WHEN c4 IS NULL THEN NULL ELSE `kindred_amount`(c4) END, '') AS c4,
    NULLIF(CASE WHEN c5 IS NULL THEN NULL ELSE `kindred_amount`(c5) END, '') AS c5,
    NULLIF(CASE WHEN c6 IS NULL THEN NULL ELSE `kindred_code_token`(c6) END, '') AS c6
  FROM (
    SELECT `record_id` AS row_id,
      NULLIF(CAST(`surname` AS STRING), '') AS c0,
      NULLIF(CAST(`product` AS STRING), '') AS c1,
      NULLIF(CAST(`surname` AS STRING), '') AS c2,
      NULLIF(CAST(`name` AS STRING), '') AS c3,
      NULLIF(CAST(`price` AS STRING), '') AS c4,
      NULLIF(CAST(`weight` AS STRING), '') AS c5,
      NULLIF(CAST(`product` AS STRING), '') AS c6
    FROM `my-project`.`crm`.`people`
  ) AS step1
) AS step2;

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
        CASE WHEN (((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.3e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 0.3e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.1e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.2e0 END) > 0e0 THEN (((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.3e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 0.3e0 * s1 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 * s2 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.1e0 * s3 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.2e0 * s4 END) / GREATEST((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.3e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 0.3e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.1e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.2e0 END), 0e0) ELSE 0e0 END AS m0
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c2 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c2 = r.c2 THEN 1e0 ELSE `kindred_soundex_match`(l.c2, r.c2) END AS s0,
          CASE WHEN l.c3 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c3 = r.c3 THEN 1e0 ELSE 0e0 END AS s1,
          CASE WHEN l.c4 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c4 = r.c4 THEN 1e0 ELSE `kindred_numeric_diff`(l.c4, r.c4, 'pct', 0.2e0) END AS s2,
          CASE WHEN l.c5 IS NULL OR r.c5 IS NULL THEN NULL WHEN l.c5 = r.c5 THEN 1e0 ELSE `kindred_numeric_diff`(l.c5, r.c5, 'pct', 0.1e0) END AS s3,
          CASE WHEN l.c6 IS NULL OR r.c6 IS NULL THEN NULL WHEN l.c6 = r.c6 THEN 1e0 ELSE 0e0 END AS s4
        FROM `my-project`.`crm`.`kindred_candidates` AS c
        JOIN `my-project`.`crm`.`kindred_records` AS l ON l.row_id = c.a
        JOIN `my-project`.`crm`.`kindred_records` AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
