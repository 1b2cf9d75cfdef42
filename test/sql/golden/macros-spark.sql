-- kindred: macros.yaml compiled for spark
-- Reads crm.people (record id: record_id); every compared column is read as text.
-- Makes `crm`.`kindred_soundex`, `crm`.`kindred_qgram`, `crm`.`kindred_strip_honorifics`, `crm`.`kindred_token_sort`, `crm`.`kindred_amount`, `crm`.`kindred_code_token`, `crm`.`kindred_soundex_match`, `crm`.`kindred_numeric_diff`, `crm`.`kindred_records`, `crm`.`kindred_candidates`, `crm`.`kindred_edges`.
-- `crm`.`kindred_edges`: a < b (record ids), score, decider (the deciding matchkey: 0 = person), matched (else the pair is in the review band).
-- Cluster them: export `crm`.`kindred_edges` as CSV or Parquet, then kindred cluster --edges <that file> --config macros.yaml

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

-- `crm`.`kindred_qgram`: the qgram transform as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_qgram`(x STRING, q BIGINT) RETURNS STRING LANGUAGE PYTHON AS $$
def qgram_signature(value, q):
    chars = '##' + value + '##'
    grams = {chars[i:i + q] for i in range(len(chars) - q + 1)}
    return ' '.join(sorted(grams)[:5])

return qgram_signature(x, q)
$$;

-- `crm`.`kindred_strip_honorifics`: the strip_honorifics transform as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_strip_honorifics`(x STRING) RETURNS STRING LANGUAGE PYTHON AS $$
import unicodedata

TITLES = set(["mr","mrs","ms","miss","mstr","dr","prof","professor","rev","revd","reverend","sir","dame","kt","bt","baronet","jr","sr","esq","esquire","phd","md","dds","dvm"])

def strip_honorifics(value):
    def key(token):
        return ''.join(ch for ch in token if unicodedata.category(ch)[0] in 'LN').lower()
    return ' '.join(t for t in value.split() if key(t) not in TITLES)

return strip_honorifics(x)
$$;

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

-- `crm`.`kindred_soundex_match`: the soundex_match scorer as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_soundex_match`(a STRING, b STRING) RETURNS DOUBLE LANGUAGE PYTHON AS $$
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

def soundex_match(a, b):
    x = soundex(a)
    return 1.0 if x != '' and x == soundex(b) else 0.0

return soundex_match(a, b)
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

-- `crm`.`kindred_records`: one row per record: its id and every prepared (transformed) field
CREATE OR REPLACE TABLE `crm`.`kindred_records` AS
SELECT row_id,
  c0,
  c1,
  c2,
  NULLIF(CASE WHEN c3 IS NULL THEN NULL ELSE `crm`.`kindred_token_sort`(c3) END, '') AS c3,
  c4,
  c5,
  c6
FROM (
  SELECT row_id,
    NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE `crm`.`kindred_soundex`(c0) END, '') AS c0,
    NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE `crm`.`kindred_qgram`(c1, 2) END, '') AS c1,
    c2,
    NULLIF(CASE WHEN c3 IS NULL THEN NULL ELSE `crm`.`kindred_strip_honorifics`(c3) END, '') AS c3,
    NULLIF(CASE WHEN c4 IS NULL THEN NULL ELSE `crm`.`kindred_amount`(c4) END, '') AS c4,
    NULLIF(CASE WHEN c5 IS NULL THEN NULL ELSE `crm`.`kindred_amount`(c5) END, '') AS c5,
    NULLIF(CASE WHEN c6 IS NULL THEN NULL ELSE `crm`.`kindred_code_token`(c6) END, '') AS c6
  FROM (
    SELECT `record_id` AS row_id,
      NULLIF(CAST(`surname` AS STRING), '') AS c0,
      NULLIF(CAST(`product` AS STRING), '') AS c1,
      NULLIF(CAST(`surname` AS STRING), '') AS c2,
      NULLIF(CAST(`name` AS STRING), '') AS c3,
      NULLIF(CAST(`price` AS STRING), '') AS c4,
      NULLIF(CAST(`weight` AS STRING), '') AS c5,
      NULLIF(CAST(`product` AS STRING), '') AS c6
    FROM `crm`.`people`
  ) AS step1
) AS step2;

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
        CASE WHEN (((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.3e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 0.3e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.1e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.2e0 END) > 0e0 THEN (((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.3e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 0.3e0 * s1 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 * s2 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.1e0 * s3 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.2e0 * s4 END) / greatest((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 0.3e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 0.3e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.2e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 0.1e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.2e0 END), 0e0) ELSE 0e0 END AS m0
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c2 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c2 = r.c2 THEN 1e0 ELSE `crm`.`kindred_soundex_match`(l.c2, r.c2) END AS s0,
          CASE WHEN l.c3 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c3 = r.c3 THEN 1e0 ELSE 0e0 END AS s1,
          CASE WHEN l.c4 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c4 = r.c4 THEN 1e0 ELSE `crm`.`kindred_numeric_diff`(l.c4, r.c4, 'pct', 0.2e0) END AS s2,
          CASE WHEN l.c5 IS NULL OR r.c5 IS NULL THEN NULL WHEN l.c5 = r.c5 THEN 1e0 ELSE `crm`.`kindred_numeric_diff`(l.c5, r.c5, 'pct', 0.1e0) END AS s3,
          CASE WHEN l.c6 IS NULL OR r.c6 IS NULL THEN NULL WHEN l.c6 = r.c6 THEN 1e0 ELSE 0e0 END AS s4
        FROM `crm`.`kindred_candidates` AS c
        JOIN `crm`.`kindred_records` AS l ON l.row_id = c.a
        JOIN `crm`.`kindred_records` AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
