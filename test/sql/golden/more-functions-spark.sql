-- kindred: more-functions.yaml compiled for spark
-- Reads crm.people (record id: record_id); every compared column is read as text.
-- Makes `crm`.`kindred_ascii_fold`, `crm`.`kindred_qgram`, `crm`.`kindred_metaphone`, `crm`.`kindred_strip_honorifics`, `crm`.`kindred_geo_haversine`, `crm`.`kindred_date_diff`, `crm`.`kindred_date`, `crm`.`kindred_ensemble`, `crm`.`kindred_soundex_match`, `crm`.`kindred_metaphone_match`, `crm`.`kindred_qgram_jaccard`, `crm`.`kindred_records`, `crm`.`kindred_candidates`, `crm`.`kindred_edges`.
-- `crm`.`kindred_edges`: a < b (record ids), score, decider (the deciding matchkey: 0 = place), matched (else the pair is in the review band).
-- Cluster them: export `crm`.`kindred_edges` as CSV or Parquet, then kindred cluster --edges <that file> --config more-functions.yaml

-- `crm`.`kindred_ascii_fold`: the ascii_fold transform as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_ascii_fold`(x STRING) RETURNS STRING LANGUAGE PYTHON AS $$
import unicodedata

SPELLED_OUT = str.maketrans({"ß":"ss","ẞ":"SS","æ":"ae","Æ":"AE","œ":"oe","Œ":"OE","ø":"o","Ø":"O","ł":"l","Ł":"L","đ":"d","Đ":"D","ð":"d","Ð":"D","þ":"th","Þ":"TH","ı":"i"})

def ascii_fold(value):
    s = unicodedata.normalize('NFKD', value)
    return ''.join(ch for ch in s if unicodedata.category(ch) != 'Mn').translate(SPELLED_OUT)

return ascii_fold(x)
$$;

-- `crm`.`kindred_qgram`: the qgram transform as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_qgram`(x STRING, q BIGINT) RETURNS STRING LANGUAGE PYTHON AS $$
def qgram_signature(value, q):
    chars = '##' + value + '##'
    grams = {chars[i:i + q] for i in range(len(chars) - q + 1)}
    return ' '.join(sorted(grams)[:5])

return qgram_signature(x, q)
$$;

-- `crm`.`kindred_metaphone`: the metaphone transform as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_metaphone`(x STRING) RETURNS STRING LANGUAGE PYTHON AS $$
import re
import unicodedata

def metaphone(value):
    if value == '':
        return ''
    upper = value.upper()
    v = list(unicodedata.normalize('NFKD', upper))
    if re.match('(KN|GN|PN|WR|AE)', upper):
        v.pop(0)
    vowel = lambda c: c in ('A', 'E', 'I', 'O', 'U')
    front = lambda c: c in ('I', 'E', 'Y')
    out = []
    at = lambda k: v[k] if k < len(v) else '*'
    i = 0
    while i < len(v):
        c, nxt, after = v[i], at(i + 1), at(i + 2)
        prev = v[i - 1] if i > 0 else ''
        if c == nxt and c != 'C':
            i += 1
            continue
        if vowel(c):
            if i == 0 or prev == ' ':
                out.append(c)
        elif c == 'B':
            if prev != 'M' or nxt != '*':
                out.append('B')
        elif c == 'C':
            if (nxt == 'I' and after == 'A') or nxt == 'H':
                out.append('X')
                i += 1
            elif front(nxt):
                out.append('S')
                i += 1
            else:
                out.append('K')
        elif c == 'D':
            if nxt == 'G' and front(after):
                out.append('J')
                i += 2
            else:
                out.append('T')
        elif c in ('F', 'J', 'L', 'M', 'N', 'R'):
            out.append(c)
        elif c == 'G':
            if front(nxt):
                out.append('J')
            elif (nxt == 'H' and after != '*' and not vowel(after)) or (nxt == 'N' and after == '*'):
                i += 1
            else:
                out.append('K')
        elif c == 'H':
            if i == 0 or vowel(nxt) or not vowel(prev):
                out.append('H')
        elif c == 'K':
            if prev != 'C':
                out.append('K')
        elif c == 'P':
            if nxt == 'H':
                out.append('F')
                i += 1
            else:
                out.append('P')
        elif c == 'Q':
            out.append('K')
        elif c == 'S':
            if nxt == 'H':
                out.append('X')
                i += 1
            elif nxt == 'I' and after in ('O', 'A'):
                out.append('X')
                i += 2
            else:
                out.append('S')
        elif c == 'T':
            if nxt == 'I' and after in ('O', 'A'):
                out.append('X')
            elif nxt == 'H':
                out.append('0')
                i += 1
            elif nxt != 'C' or after != 'H':
                out.append('T')
        elif c == 'V':
            out.append('F')
        elif c == 'W':
            if i == 0 and nxt == 'H':
                out.append('W')
                i += 1
            elif vowel(nxt):
                out.append('W')
        elif c == 'X':
            if i > 0:
                out += ['K', 'S']
            elif nxt == 'H' or (nxt == 'I' and after in ('O', 'A')):
                out.append('X')
            else:
                out.append('S')
        elif c == 'Y':
            if vowel(nxt):
                out.append('Y')
        elif c == 'Z':
            out.append('S')
        elif c == ' ':
            if out and out[-1] != ' ':
                out.append(' ')
        i += 1
    return ''.join(out)

return metaphone(x)
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

-- `crm`.`kindred_geo_haversine`: the geo_haversine scorer as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_geo_haversine`(a STRING, b STRING) RETURNS DOUBLE LANGUAGE PYTHON AS $$
import math
import re

FLOAT = re.compile(r'[+-]?(?:[0-9](?:_?[0-9])*(?:\.(?:[0-9](?:_?[0-9])*)?)?|\.[0-9](?:_?[0-9])*)(?:[eE][+-]?[0-9](?:_?[0-9])*)?')

def parse_finite_float(text):
    s = text.strip()
    if FLOAT.fullmatch(s) is None:
        return None
    n = float(s)
    return n if math.isfinite(n) else None

def geo_point(text):
    parts = re.split('[,;]', text)
    if len(parts) != 2:
        return None
    lat, lon = parse_finite_float(parts[0]), parse_finite_float(parts[1])
    if lat is None or lon is None or abs(lat) > 90 or abs(lon) > 180:
        return None
    return lat, lon

def geo_haversine(s, t):
    a, b = geo_point(s), geo_point(t)
    if a is None or b is None:
        return 1.0 if s == t else 0.0
    radians = math.pi / 180
    sin_lat = math.sin(((b[0] - a[0]) * radians) / 2)
    sin_lon = math.sin(((b[1] - a[1]) * radians) / 2)
    h = sin_lat * sin_lat + math.cos(a[0] * radians) * math.cos(b[0] * radians) * sin_lon * sin_lon
    km = 2 * 6371.0088 * math.asin(math.sqrt(min(1.0, h)))
    if km <= 0.1:
        return 1.0
    if km <= 1:
        return 0.85
    if km <= 10:
        return 0.5
    if km <= 100:
        return 0.2
    return 0.0

return geo_haversine(a, b)
$$;

-- `crm`.`kindred_date_diff`: the date_diff scorer as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_date_diff`(a STRING, b STRING) RETURNS DOUBLE LANGUAGE PYTHON AS $$
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
    m = re.fullmatch(r'([0-9]{4})([-/])([0-9]{1,2})\2([0-9]{1,2})', s)
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

return date_diff(a, b)
$$;

-- `crm`.`kindred_date`: the date scorer as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_date`(a STRING, b STRING) RETURNS DOUBLE LANGUAGE PYTHON AS $$
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
    m = re.fullmatch(r'([0-9]{4})([-/])([0-9]{1,2})\2([0-9]{1,2})', s)
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

return date_similarity(a, b)
$$;

-- `crm`.`kindred_ensemble`: the ensemble scorer as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_ensemble`(a STRING, b STRING) RETURNS DOUBLE LANGUAGE PYTHON AS $$
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

def ensemble(a, b):
    x = soundex(a)
    sx = 0.8 * (1 if x != '' and x == soundex(b) else 0)
    return max(jaro_winkler(a, b), token_sort(a, b), sx)

return ensemble(a, b)
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

-- `crm`.`kindred_metaphone_match`: the metaphone_match scorer as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_metaphone_match`(a STRING, b STRING) RETURNS DOUBLE LANGUAGE PYTHON AS $$
import re
import unicodedata

def metaphone(value):
    if value == '':
        return ''
    upper = value.upper()
    v = list(unicodedata.normalize('NFKD', upper))
    if re.match('(KN|GN|PN|WR|AE)', upper):
        v.pop(0)
    vowel = lambda c: c in ('A', 'E', 'I', 'O', 'U')
    front = lambda c: c in ('I', 'E', 'Y')
    out = []
    at = lambda k: v[k] if k < len(v) else '*'
    i = 0
    while i < len(v):
        c, nxt, after = v[i], at(i + 1), at(i + 2)
        prev = v[i - 1] if i > 0 else ''
        if c == nxt and c != 'C':
            i += 1
            continue
        if vowel(c):
            if i == 0 or prev == ' ':
                out.append(c)
        elif c == 'B':
            if prev != 'M' or nxt != '*':
                out.append('B')
        elif c == 'C':
            if (nxt == 'I' and after == 'A') or nxt == 'H':
                out.append('X')
                i += 1
            elif front(nxt):
                out.append('S')
                i += 1
            else:
                out.append('K')
        elif c == 'D':
            if nxt == 'G' and front(after):
                out.append('J')
                i += 2
            else:
                out.append('T')
        elif c in ('F', 'J', 'L', 'M', 'N', 'R'):
            out.append(c)
        elif c == 'G':
            if front(nxt):
                out.append('J')
            elif (nxt == 'H' and after != '*' and not vowel(after)) or (nxt == 'N' and after == '*'):
                i += 1
            else:
                out.append('K')
        elif c == 'H':
            if i == 0 or vowel(nxt) or not vowel(prev):
                out.append('H')
        elif c == 'K':
            if prev != 'C':
                out.append('K')
        elif c == 'P':
            if nxt == 'H':
                out.append('F')
                i += 1
            else:
                out.append('P')
        elif c == 'Q':
            out.append('K')
        elif c == 'S':
            if nxt == 'H':
                out.append('X')
                i += 1
            elif nxt == 'I' and after in ('O', 'A'):
                out.append('X')
                i += 2
            else:
                out.append('S')
        elif c == 'T':
            if nxt == 'I' and after in ('O', 'A'):
                out.append('X')
            elif nxt == 'H':
                out.append('0')
                i += 1
            elif nxt != 'C' or after != 'H':
                out.append('T')
        elif c == 'V':
            out.append('F')
        elif c == 'W':
            if i == 0 and nxt == 'H':
                out.append('W')
                i += 1
            elif vowel(nxt):
                out.append('W')
        elif c == 'X':
            if i > 0:
                out += ['K', 'S']
            elif nxt == 'H' or (nxt == 'I' and after in ('O', 'A')):
                out.append('X')
            else:
                out.append('S')
        elif c == 'Y':
            if vowel(nxt):
                out.append('Y')
        elif c == 'Z':
            out.append('S')
        elif c == ' ':
            if out and out[-1] != ' ':
                out.append(' ')
        i += 1
    return ''.join(out)

def metaphone_match(a, b):
    x = metaphone(a)
    return 1.0 if x != '' and x == metaphone(b) else 0.0

return metaphone_match(a, b)
$$;

-- `crm`.`kindred_qgram_jaccard`: the qgram scorer as a function (spark has no built-in equal to it): kindred's definition, on code points
CREATE OR REPLACE FUNCTION `crm`.`kindred_qgram_jaccard`(a STRING, b STRING) RETURNS DOUBLE LANGUAGE PYTHON AS $$
def qgram_set(value):
    chars = '##' + value.lower() + '##'
    return {chars[i:i + 3] for i in range(len(chars) - 2)}

def qgram_similarity(a, b):
    if a == b:
        return 1.0
    x, y = qgram_set(a), qgram_set(b)
    shared = len(x & y)
    union = len(x) + len(y) - shared
    return 1.0 if union == 0 else shared / union

return qgram_similarity(a, b)
$$;

-- `crm`.`kindred_records`: one row per record: its id and every prepared (transformed) field
CREATE OR REPLACE TABLE `crm`.`kindred_records` AS
SELECT row_id,
  NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE `crm`.`kindred_qgram`(c0, 2) END, '') AS c0,
  c1,
  c2,
  c3,
  c4,
  NULLIF(CASE WHEN c5 IS NULL THEN NULL ELSE `crm`.`kindred_ascii_fold`(c5) END, '') AS c5,
  c6,
  c7,
  c8
FROM (
  SELECT row_id,
    NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE `crm`.`kindred_ascii_fold`(c0) END, '') AS c0,
    NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE `crm`.`kindred_metaphone`(c1) END, '') AS c1,
    c2,
    c3,
    c4,
    NULLIF(CASE WHEN c5 IS NULL THEN NULL ELSE `crm`.`kindred_strip_honorifics`(c5) END, '') AS c5,
    c6,
    c7,
    c8
  FROM (
    SELECT `record_id` AS row_id,
      NULLIF(CAST(`surname` AS STRING), '') AS c0,
      NULLIF(CAST(`given_name` AS STRING), '') AS c1,
      NULLIF(CAST(`location` AS STRING), '') AS c2,
      NULLIF(CAST(`dob` AS STRING), '') AS c3,
      NULLIF(CAST(`registered` AS STRING), '') AS c4,
      NULLIF(CAST(`name` AS STRING), '') AS c5,
      NULLIF(CAST(`surname` AS STRING), '') AS c6,
      NULLIF(CAST(`given_name` AS STRING), '') AS c7,
      NULLIF(CAST(`street` AS STRING), '') AS c8
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
    m0 >= 0.7999999990000001e0 AS matched,
    m0 >= 0.7000000000000001e0 AS kept
  FROM (
    SELECT a, b, m0,
      CASE WHEN m0 >= 0.7999999990000001e0 THEN CASE WHEN m0 >= 0.7999999990000001e0 THEN 0 END ELSE CASE WHEN TRUE THEN 0 END END AS decider
    FROM (
      SELECT a, b,
        CASE WHEN (((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 0.5e0 END) > 0e0 THEN (((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 * s1 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.5e0 * s2 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 1e0 * s3 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.5e0 * s4 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.5e0 * s5 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 0.5e0 * s6 END) / greatest((((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 0.5e0 END), 0e0) ELSE 0e0 END AS m0
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c2 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c2 = r.c2 THEN 1e0 ELSE `crm`.`kindred_geo_haversine`(l.c2, r.c2) END AS s0,
          CASE WHEN l.c3 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c3 = r.c3 THEN 1e0 ELSE `crm`.`kindred_date_diff`(l.c3, r.c3) END AS s1,
          CASE WHEN l.c4 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c4 = r.c4 THEN 1e0 ELSE `crm`.`kindred_date`(l.c4, r.c4) END AS s2,
          CASE WHEN l.c5 IS NULL OR r.c5 IS NULL THEN NULL WHEN l.c5 = r.c5 THEN 1e0 ELSE `crm`.`kindred_ensemble`(l.c5, r.c5) END AS s3,
          CASE WHEN l.c6 IS NULL OR r.c6 IS NULL THEN NULL WHEN l.c6 = r.c6 THEN 1e0 ELSE `crm`.`kindred_soundex_match`(l.c6, r.c6) END AS s4,
          CASE WHEN l.c7 IS NULL OR r.c7 IS NULL THEN NULL WHEN l.c7 = r.c7 THEN 1e0 ELSE `crm`.`kindred_metaphone_match`(l.c7, r.c7) END AS s5,
          CASE WHEN l.c8 IS NULL OR r.c8 IS NULL THEN NULL WHEN l.c8 = r.c8 THEN 1e0 ELSE `crm`.`kindred_qgram_jaccard`(l.c8, r.c8) END AS s6
        FROM `crm`.`kindred_candidates` AS c
        JOIN `crm`.`kindred_records` AS l ON l.row_id = c.a
        JOIN `crm`.`kindred_records` AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
