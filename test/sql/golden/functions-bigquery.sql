-- kindred: functions.yaml compiled for bigquery
-- Reads my-project.crm.people (record id: record_id); every compared column is read as text.
-- Makes `kindred_soundex`, `kindred_damerau_levenshtein`, `kindred_jaro`, `my-project`.`crm`.`kindred_records`, `my-project`.`crm`.`kindred_candidates`, `my-project`.`crm`.`kindred_edges`.
-- `my-project`.`crm`.`kindred_edges`: a < b (record ids), score, decider (the deciding matchkey: 0 = person), matched (else the pair is in the review band).
-- Cluster them: export `my-project`.`crm`.`kindred_edges` as CSV or Parquet, then kindred cluster --edges <that file> --config functions.yaml

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

-- `kindred_damerau_levenshtein`: the damerau_levenshtein scorer as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_damerau_levenshtein`(a STRING, b STRING) RETURNS FLOAT64 LANGUAGE js AS r"""
function damerauDistance(a, b) {
  const la = a.length, lb = b.length;
  const inf = la + lb;
  const d = [];
  d.push(new Array(lb + 2).fill(inf));
  const first = [inf];
  for (let j = 0; j <= lb; j++) first.push(j);
  d.push(first);
  const last = new Map();
  for (let i = 1; i <= la; i++) {
    const ca = a[i - 1];
    let lastMatchColumn = 0;
    const row = [inf, i];
    for (let j = 1; j <= lb; j++) {
      const cb = b[j - 1];
      const k = last.has(cb) ? last.get(cb) : 0;
      const l = lastMatchColumn;
      let cost = 1;
      if (ca === cb) { cost = 0; lastMatchColumn = j; }
      let best = d[i][j] + cost;
      const ins = row[j] + 1;
      if (ins < best) best = ins;
      const del = d[i][j + 1] + 1;
      if (del < best) best = del;
      const trans = d[k][l] + (i - k - 1) + 1 + (j - l - 1);
      if (trans < best) best = trans;
      row.push(best);
    }
    d.push(row);
    last.set(ca, i);
  }
  return d[la + 1][lb + 1];
}
function damerauLevenshtein(s, t) {
  const a = Array.from(s), b = Array.from(t);
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 1;
  if (a.length === 0 || b.length === 0) return 1 - longest / longest;
  return 1 - damerauDistance(a, b) / longest;
}
return damerauLevenshtein(a, b);
""";

-- `kindred_jaro`: the jaro scorer as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_jaro`(a STRING, b STRING) RETURNS FLOAT64 LANGUAGE js AS r"""
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
return jaro(a, b);
""";

-- `my-project`.`crm`.`kindred_records`: one row per record: its id and every prepared (transformed) field
CREATE OR REPLACE TABLE `my-project`.`crm`.`kindred_records` AS
SELECT row_id,
  NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE `kindred_soundex`(c0) END, '') AS c0,
  c1,
  c2
FROM (
  SELECT row_id,
    NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE CASE WHEN (BYTE_LENGTH(c0) = CHAR_LENGTH(c0)) THEN CASE WHEN REGEXP_CONTAINS(c0, '[^\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]') THEN REGEXP_EXTRACT(c0, '([^\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]+)[\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]*$') ELSE c0 END ELSE ERROR('kindred: blocking.keys[0].fields[0]: transform last_token is compiled for ASCII text only in bigquery; got another character') END END, '') AS c0,
    c1,
    NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE CASE WHEN (BYTE_LENGTH(c2) = CHAR_LENGTH(c2)) THEN REGEXP_REPLACE(REGEXP_REPLACE(c2, '[\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]+', ' '), '^ | $', '') ELSE ERROR('kindred: matchkeys[0] (person).fields[1] (name): transform normalize_whitespace is compiled for ASCII text only in bigquery; got another character') END END, '') AS c2
  FROM (
    SELECT row_id,
      NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE CASE WHEN (BYTE_LENGTH(c0) = CHAR_LENGTH(c0)) THEN lower(c0) ELSE ERROR('kindred: blocking.keys[0].fields[0]: transform lowercase is compiled for ASCII text only in bigquery; got another character') END END, '') AS c0,
      NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE CASE WHEN (BYTE_LENGTH(c1) = CHAR_LENGTH(c1)) THEN REGEXP_REPLACE(c1, '^[\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]+|[\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]+$', '') ELSE ERROR('kindred: matchkeys[0] (person).fields[0] (email): transform strip is compiled for ASCII text only in bigquery; got another character') END END, '') AS c1,
      NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE CASE WHEN (BYTE_LENGTH(c2) = CHAR_LENGTH(c2)) THEN lower(c2) ELSE ERROR('kindred: matchkeys[0] (person).fields[1] (name): transform lowercase is compiled for ASCII text only in bigquery; got another character') END END, '') AS c2
    FROM (
      SELECT `record_id` AS row_id,
        NULLIF(CAST(`name` AS STRING), '') AS c0,
        NULLIF(CAST(`email` AS STRING), '') AS c1,
        NULLIF(CAST(`name` AS STRING), '') AS c2
      FROM `my-project`.`crm`.`people`
    ) AS step1
  ) AS step2
) AS step3;

-- `my-project`.`crm`.`kindred_candidates`: candidate pairs (a < b): the union of the blocking passes, each pair once
CREATE OR REPLACE TABLE `my-project`.`crm`.`kindred_candidates` AS
-- blocking.keys[0]
SELECT l.row_id AS a, r.row_id AS b
FROM `my-project`.`crm`.`kindred_records` AS l JOIN `my-project`.`crm`.`kindred_records` AS r ON l.c0 = r.c0 AND l.row_id < r.row_id;

-- `my-project`.`crm`.`kindred_edges`: kept pairs: matched or in the review band, with the score and the deciding matchkey (index in the configuration)
CREATE OR REPLACE TABLE `my-project`.`crm`.`kindred_edges` AS
SELECT a, b, score, decider, matched
FROM (
  SELECT a, b, m0 AS score, decider,
    m0 >= 0.7999999990000001e0 AS matched,
    m0 >= 0.7000000000000001e0 AS kept
  FROM (
    SELECT a, b, m0,
      CASE WHEN m0 >= 0.7999999990000001e0 THEN CASE WHEN m0 >= 0.7999999990000001e0 THEN 0 END ELSE CASE WHEN TRUE THEN 0 END END AS decider
    FROM (
      SELECT a, b,
        CASE WHEN ((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) > 0e0 THEN ((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 * s1 END) / GREATEST(((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END), 0e0) ELSE 0e0 END AS m0
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c1 IS NULL OR r.c1 IS NULL THEN NULL WHEN l.c1 = r.c1 THEN 1e0 ELSE `kindred_damerau_levenshtein`(l.c1, r.c1) END AS s0,
          CASE WHEN l.c2 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c2 = r.c2 THEN 1e0 ELSE `kindred_jaro`(l.c2, r.c2) END AS s1
        FROM `my-project`.`crm`.`kindred_candidates` AS c
        JOIN `my-project`.`crm`.`kindred_records` AS l ON l.row_id = c.a
        JOIN `my-project`.`crm`.`kindred_records` AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
