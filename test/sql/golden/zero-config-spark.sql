-- kindred: zero-config.yaml compiled for spark
-- Reads crm.people (record id: record_id); every compared column is read as text.
-- Makes `crm`.`kindred_token_sort`, `crm`.`kindred_code_token`, `crm`.`kindred_amount`, `crm`.`kindred_token_set`, `crm`.`kindred_numeric_diff`, `crm`.`kindred_monge_elkan`, `crm`.`kindred_token_sort_ratio`, `crm`.`kindred_records`, `crm`.`kindred_candidates`, `crm`.`kindred_edges`.
-- `crm`.`kindred_edges`: a < b (record ids), score, decider (the deciding matchkey: 0 = product), matched (else the pair is in the review band).
-- Cluster them: export `crm`.`kindred_edges` as CSV or Parquet, then kindred cluster --edges <that file> --config zero-config.yaml

-- `crm`.`kindred_token_sort`: the token_sort transform as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_token_sort`(x STRING) RETURNS STRING LANGUAGE PYTHON AS $$
def lcs(a, b):
    row = [0] * (len(b) + 1)
    for i in range(len(a)):
        diagonal = 0
        for j in range(1, len(b) + 1):
            above = row[j]
            row[j] = diagonal + 1 if b[j - 1] == a[i] else max(above, row[j - 1])
            diagonal = above
    return row[len(b)]

def indel(s, t):
    total = len(s) + len(t)
    if total == 0:
        return 1.0
    return 1 - (total - 2 * lcs(s, t)) / total

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

return sort_tokens(x)
$$;

-- `crm`.`kindred_code_token`: the code_token transform as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_code_token`(x STRING) RETURNS STRING LANGUAGE PYTHON AS $$
import unicodedata

SEPARATORS = set('\u0009\u000a\u000b\u000c\u000d\u0020\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff' + "/,;:()[]{}|+")

def code_token(value):
    best, best_units = '', 0
    token, units, letter, digit = '', 0, False, False
    for ch in value + ' ':
        if ch in SEPARATORS:
            if units >= 3 and units > best_units and letter and digit:
                best, best_units = token, units
            token, units, letter, digit = '', 0, False, False
            continue
        kind = unicodedata.category(ch)[0]
        if kind in 'LN':
            token += ch
            units += 2 if ord(ch) > 0xFFFF else 1
            letter = letter or kind == 'L'
            digit = digit or kind == 'N'
    return best

return code_token(x)
$$;

-- `crm`.`kindred_amount`: the amount transform as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_amount`(x STRING) RETURNS STRING LANGUAGE PYTHON AS $$
import re

JS_SPACE = '\u0009\u000a\u000b\u000c\u000d\u0020\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'
CURRENCY = re.compile('^[$€£¥][' + JS_SPACE + ']*|[' + JS_SPACE + ']*[$€£¥]\\Z')
THOUSANDS = re.compile(r'([0-9]),(?=[0-9]{3}(?:[^0-9]|\Z))')

def amount(value):
    return THOUSANDS.sub(r'\1', CURRENCY.sub('', value.strip(JS_SPACE)))

return amount(x)
$$;

-- `crm`.`kindred_token_set`: the token_set scorer as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_token_set`(a STRING, b STRING) RETURNS DOUBLE LANGUAGE PYTHON AS $$
def lcs(a, b):
    row = [0] * (len(b) + 1)
    for i in range(len(a)):
        diagonal = 0
        for j in range(1, len(b) + 1):
            above = row[j]
            row[j] = diagonal + 1 if b[j - 1] == a[i] else max(above, row[j - 1])
            diagonal = above
    return row[len(b)]

def indel(s, t):
    total = len(s) + len(t)
    if total == 0:
        return 1.0
    return 1 - (total - 2 * lcs(s, t)) / total

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

return token_set(a, b)
$$;

-- `crm`.`kindred_numeric_diff`: the numeric_diff scorer as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_numeric_diff`(a STRING, b STRING, mode STRING, band DOUBLE) RETURNS DOUBLE LANGUAGE PYTHON AS $$
import math
import re

FLOAT = re.compile(r'[+-]?(?:[0-9](?:_?[0-9])*(?:\.(?:[0-9](?:_?[0-9])*)?)?|\.[0-9](?:_?[0-9])*)(?:[eE][+-]?[0-9](?:_?[0-9])*)?')

def parse_finite_float(text):
    s = text.strip()
    if FLOAT.fullmatch(s) is None:
        return None
    n = float(s)
    return n if math.isfinite(n) else None

def numeric_diff(a, b, mode, band):
    x, y = parse_finite_float(a), parse_finite_float(b)
    if x is None or y is None:
        return 1.0 if a == b else 0.0
    diff = abs(x - y)
    dist = diff if mode == 'abs' else diff / max(abs(x), abs(y), 1e-9)
    return 1 - dist / band if dist < band else 0.0

return numeric_diff(a, b, mode, band)
$$;

-- `crm`.`kindred_monge_elkan`: the monge_elkan scorer as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_monge_elkan`(a STRING, b STRING) RETURNS DOUBLE LANGUAGE PYTHON AS $$
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

return monge_elkan(a, b)
$$;

-- `crm`.`kindred_token_sort_ratio`: the token_sort scorer as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_token_sort_ratio`(a STRING, b STRING) RETURNS DOUBLE LANGUAGE PYTHON AS $$
def lcs(a, b):
    row = [0] * (len(b) + 1)
    for i in range(len(a)):
        diagonal = 0
        for j in range(1, len(b) + 1):
            above = row[j]
            row[j] = diagonal + 1 if b[j - 1] == a[i] else max(above, row[j - 1])
            diagonal = above
    return row[len(b)]

def indel(s, t):
    total = len(s) + len(t)
    if total == 0:
        return 1.0
    return 1 - (total - 2 * lcs(s, t)) / total

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

return token_sort(a, b)
$$;

-- `crm`.`kindred_records`: one row per record: its id and every prepared (transformed) field
CREATE OR REPLACE TABLE `crm`.`kindred_records` AS
SELECT row_id,
  NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE substring(c0, 1, 8) END, '') AS c0,
  c1,
  c2,
  c3,
  c4,
  c5,
  c6
FROM (
  SELECT row_id,
    NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE regexp_replace(c0, '[^a-zA-Z]+', '') END, '') AS c0,
    c1,
    c2,
    c3,
    c4,
    c5,
    c6
  FROM (
    SELECT row_id,
      NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE `crm`.`kindred_token_sort`(c0) END, '') AS c0,
      NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE `crm`.`kindred_code_token`(c1) END, '') AS c1,
      NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c2) = char_length(c2)) THEN regexp_replace(regexp_replace(c2, '[\\t\\n\\x0B\\f\\r\\x1C-\\x1F ]+', ' '), '^ | $', '') ELSE raise_error('kindred: matchkeys[0] (product).fields[0] (title): transform normalize_whitespace is compiled for ASCII text only in spark; got another character') END END, '') AS c2,
      c3,
      c4,
      c5,
      c6
    FROM (
      SELECT row_id,
        NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c0) = char_length(c0)) THEN lower(c0) ELSE raise_error('kindred: blocking.keys[0].fields[0]: transform lowercase is compiled for ASCII text only in spark; got another character') END END, '') AS c0,
        NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c1) = char_length(c1)) THEN lower(c1) ELSE raise_error('kindred: blocking.keys[1].fields[0]: transform lowercase is compiled for ASCII text only in spark; got another character') END END, '') AS c1,
        NULLIF(CASE WHEN c2 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c2) = char_length(c2)) THEN lower(c2) ELSE raise_error('kindred: matchkeys[0] (product).fields[0] (title): transform lowercase is compiled for ASCII text only in spark; got another character') END END, '') AS c2,
        NULLIF(CASE WHEN c3 IS NULL THEN NULL ELSE `crm`.`kindred_amount`(c3) END, '') AS c3,
        NULLIF(CASE WHEN c4 IS NULL THEN NULL ELSE `crm`.`kindred_amount`(c4) END, '') AS c4,
        NULLIF(CASE WHEN c5 IS NULL THEN NULL ELSE CASE WHEN (octet_length(c5) = char_length(c5)) THEN lower(c5) ELSE raise_error('kindred: matchkeys[0] (product).fields[4] (authors): transform lowercase is compiled for ASCII text only in spark; got another character') END END, '') AS c5,
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
        FROM `crm`.`people`
      ) AS step1
    ) AS step2
  ) AS step3
) AS step4;

-- `crm`.`kindred_candidates`: candidate pairs (a < b): the union of the blocking passes, each pair once
CREATE OR REPLACE TABLE `crm`.`kindred_candidates` AS
-- blocking.keys[0]
SELECT l.row_id AS a, r.row_id AS b
FROM `crm`.`kindred_records` AS l JOIN `crm`.`kindred_records` AS r ON l.c0 = r.c0 AND l.row_id < r.row_id
UNION ALL
-- blocking.keys[1]
SELECT l.row_id AS a, r.row_id AS b
FROM `crm`.`kindred_records` AS l JOIN `crm`.`kindred_records` AS r ON l.c1 = r.c1 AND l.row_id < r.row_id
WHERE NOT (COALESCE(l.c0 = r.c0, FALSE));

-- `crm`.`kindred_edges`: kept pairs: matched or in the review band, with the score and the deciding matchkey (index in the configuration)
CREATE OR REPLACE TABLE `crm`.`kindred_edges` AS
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
        CASE WHEN ((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.25e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.25e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.7e0 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.3e0 END) > 0e0 THEN ((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 * s1 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.25e0 * s2 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.25e0 * s3 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.7e0 * s4 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.3e0 * s5 END) / greatest(((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.25e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.25e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.7e0 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.3e0 END), 0e0) ELSE 0e0 END AS m0
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c2 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c2 = r.c2 THEN 1e0 ELSE `crm`.`kindred_token_set`(l.c2, r.c2) END AS s0,
          CASE WHEN l.c1 IS NULL OR r.c1 IS NULL THEN NULL WHEN l.c1 = r.c1 THEN 1e0 ELSE 0e0 END AS s1,
          CASE WHEN l.c3 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c3 = r.c3 THEN 1e0 ELSE `crm`.`kindred_numeric_diff`(l.c3, r.c3, 'pct', 0.1e0) END AS s2,
          CASE WHEN l.c4 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c4 = r.c4 THEN 1e0 ELSE `crm`.`kindred_numeric_diff`(l.c4, r.c4, 'abs', 5e0) END AS s3,
          CASE WHEN l.c5 IS NULL OR r.c5 IS NULL THEN NULL WHEN l.c5 = r.c5 THEN 1e0 ELSE `crm`.`kindred_monge_elkan`(l.c5, r.c5) END AS s4,
          CASE WHEN l.c6 IS NULL OR r.c6 IS NULL THEN NULL WHEN l.c6 = r.c6 THEN 1e0 ELSE `crm`.`kindred_token_sort_ratio`(l.c6, r.c6) END AS s5
        FROM `crm`.`kindred_candidates` AS c
        JOIN `crm`.`kindred_records` AS l ON l.row_id = c.a
        JOIN `crm`.`kindred_records` AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
