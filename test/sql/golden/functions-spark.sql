-- kindred: functions.yaml compiled for spark
-- Reads crm.people (record id: record_id); every compared column is read as text.
-- Makes `crm`.`kindred_soundex`, `crm`.`kindred_damerau_levenshtein`, `crm`.`kindred_jaro`, `crm`.`kindred_records`, `crm`.`kindred_candidates`, `crm`.`kindred_edges`.
-- `crm`.`kindred_edges`: a < b (record ids), score, decider (the deciding matchkey: 0 = person), matched (else the pair is in the review band).
-- Cluster them: export `crm`.`kindred_edges` as CSV or Parquet, then kindred cluster --edges <that file> --config functions.yaml

-- `crm`.`kindred_soundex`: the soundex transform as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_soundex`(x STRING) RETURNS STRING LANGUAGE PYTHON AS $$
import unicodedata

def soundex(value):
    codes = '01230120022455012623010202'
    s = unicodedata.normalize('NFKD', value).upper()
    out = ''
    digits = 0
    previous = 0
    for ch in s:
        if digits >= 3:
            break
        if not ('A' <= ch <= 'Z'):
            previous = 0
            continue
        code = -1 if ch in 'HW' else int(codes[ord(ch) - 65])
        if out == '':
            out = ch
            previous = code if code > 0 else 0
            continue
        if code < 0:
            continue
        if code > 0 and code != previous:
            out += str(code)
            digits += 1
        previous = code
    if out == '':
        return ''
    return out + '000'[digits:]

return soundex(x)
$$;

-- `crm`.`kindred_damerau_levenshtein`: the damerau_levenshtein scorer as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_damerau_levenshtein`(a STRING, b STRING) RETURNS DOUBLE LANGUAGE PYTHON AS $$
def damerau_distance(a, b):
    la, lb = len(a), len(b)
    inf = la + lb
    d = [[inf] * (lb + 2), [inf] + list(range(lb + 1))]
    last = {}
    for i in range(1, la + 1):
        ca = a[i - 1]
        last_match_column = 0
        row = [inf, i]
        for j in range(1, lb + 1):
            cb = b[j - 1]
            k = last.get(cb, 0)
            l = last_match_column
            cost = 1
            if ca == cb:
                cost = 0
                last_match_column = j
            best = d[i][j] + cost
            best = min(best, row[j] + 1, d[i][j + 1] + 1, d[k][l] + (i - k - 1) + 1 + (j - l - 1))
            row.append(best)
        d.append(row)
        last[ca] = i
    return d[la + 1][lb + 1]

def damerau_levenshtein(a, b):
    longest = max(len(a), len(b))
    if longest == 0:
        return 1.0
    if len(a) == 0 or len(b) == 0:
        return 1 - longest / longest
    return 1 - damerau_distance(a, b) / longest

return damerau_levenshtein(a, b)
$$;

-- `crm`.`kindred_jaro`: the jaro scorer as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_jaro`(a STRING, b STRING) RETURNS DOUBLE LANGUAGE PYTHON AS $$
def jaro(a, b):
    la, lb = len(a), len(b)
    if la == 0 or lb == 0:
        return 1.0 if la == lb else 0.0
    if la == 1 and lb == 1:
        return 1.0 if a == b else 0.0
    window = max(la, lb) // 2 - 1
    flags = [False] * lb
    chars = []
    for i in range(la):
        lo = i - window if i > window else 0
        hi = min(i + window + 1, lb)
        for j in range(lo, hi):
            if not flags[j] and b[j] == a[i]:
                flags[j] = True
                chars.append(a[i])
                break
    m = len(chars)
    if m == 0:
        return 0.0
    out_of_order = 0
    k = 0
    for i in range(m):
        while not flags[k]:
            k += 1
        if chars[i] != b[k]:
            out_of_order += 1
        k += 1
    t = out_of_order // 2
    return (m / la + m / lb + (m - t) / m) / 3

def jaro_winkler(a, b):
    sim = jaro(a, b)
    if sim <= 0.7:
        return sim
    limit = min(len(a), len(b), 4)
    prefix = 0
    while prefix < limit and a[prefix] == b[prefix]:
        prefix += 1
    return sim + prefix * 0.1 * (1 - sim)

return jaro(a, b)
$$;

-- `crm`.`kindred_records`: one row per record: its id and every prepared (transformed) field
CREATE OR REPLACE TABLE `crm`.`kindred_records` AS
SELECT row_id,
  NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE `crm`.`kindred_soundex`(c0) END, '') AS c0,
  c1,
  c2
FROM (
  SELECT row_id,
    NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c0) = char_length(c0)) THEN CASE WHEN (c0 RLIKE '[^\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]') THEN regexp_extract(c0, '([^\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]+)[\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]*$', 1) ELSE c0 END ELSE raise_error('kindred: blocking.keys[0].fields[0]: transform last_token is compiled for ASCII text only in spark; got another character') END END, '') AS c0,
    c1,
    NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c2) = char_length(c2)) THEN regexp_replace(regexp_replace(c2, '[\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]+', ' '), '^ | $', '') ELSE raise_error('kindred: matchkeys[0] (person).fields[1] (name): transform normalize_whitespace is compiled for ASCII text only in spark; got another character') END END, '') AS c2
  FROM (
    SELECT row_id,
      NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c0) = char_length(c0)) THEN lower(c0) ELSE raise_error('kindred: blocking.keys[0].fields[0]: transform lowercase is compiled for ASCII text only in spark; got another character') END END, '') AS c0,
      NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c1) = char_length(c1)) THEN regexp_replace(c1, '^[\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]+|[\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]+$', '') ELSE raise_error('kindred: matchkeys[0] (person).fields[0] (email): transform strip is compiled for ASCII text only in spark; got another character') END END, '') AS c1,
      NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c2) = char_length(c2)) THEN lower(c2) ELSE raise_error('kindred: matchkeys[0] (person).fields[1] (name): transform lowercase is compiled for ASCII text only in spark; got another character') END END, '') AS c2
    FROM (
      SELECT `record_id` AS row_id,
        NULLIF(CAST(`name` AS STRING), '') AS c0,
        NULLIF(CAST(`email` AS STRING), '') AS c1,
        NULLIF(CAST(`name` AS STRING), '') AS c2
      FROM `crm`.`people`
    ) AS step1
  ) AS step2
) AS step3;

-- `crm`.`kindred_candidates`: candidate pairs (a < b): the union of the blocking passes, each pair once
CREATE OR REPLACE TABLE `crm`.`kindred_candidates` AS
-- blocking.keys[0]
SELECT l.row_id AS a, r.row_id AS b
FROM `crm`.`kindred_records` AS l JOIN `crm`.`kindred_records` AS r ON l.c0 = r.c0 AND l.row_id < r.row_id;

-- `crm`.`kindred_edges`: kept pairs: matched or in the review band, with the score and the deciding matchkey (index in the configuration)
CREATE OR REPLACE TABLE `crm`.`kindred_edges` AS
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
        CASE WHEN ((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) > 0e0 THEN ((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 * s1 END) / greatest(((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END), 0e0) ELSE 0e0 END AS m0
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c1 IS NULL OR r.c1 IS NULL THEN NULL WHEN l.c1 = r.c1 THEN 1e0 ELSE `crm`.`kindred_damerau_levenshtein`(l.c1, r.c1) END AS s0,
          CASE WHEN l.c2 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c2 = r.c2 THEN 1e0 ELSE `crm`.`kindred_jaro`(l.c2, r.c2) END AS s1
        FROM `crm`.`kindred_candidates` AS c
        JOIN `crm`.`kindred_records` AS l ON l.row_id = c.a
        JOIN `crm`.`kindred_records` AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
