-- kindred: more-functions.yaml compiled for bigquery
-- Reads my-project.crm.people (record id: record_id); every compared column is read as text.
-- Makes `kindred_ascii_fold`, `kindred_qgram`, `kindred_metaphone`, `kindred_strip_honorifics`, `kindred_geo_haversine`, `kindred_date_diff`, `kindred_date`, `kindred_ensemble`, `kindred_soundex_match`, `kindred_metaphone_match`, `kindred_qgram_jaccard`, `my-project`.`crm`.`kindred_records`, `my-project`.`crm`.`kindred_candidates`, `my-project`.`crm`.`kindred_edges`.
-- `my-project`.`crm`.`kindred_edges`: a < b (record ids), score, decider (the deciding matchkey: 0 = place), matched (else the pair is in the review band).
-- Cluster them: export `my-project`.`crm`.`kindred_edges` as CSV or Parquet, then kindred cluster --edges <that file> --config more-functions.yaml

-- `kindred_ascii_fold`: the ascii_fold transform as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_ascii_fold`(x STRING) RETURNS STRING LANGUAGE js AS r"""
function asciiFold(value) {
  const spelled = {"ß":"ss","ẞ":"SS","æ":"ae","Æ":"AE","œ":"oe","Œ":"OE","ø":"o","Ø":"O","ł":"l","Ł":"L","đ":"d","Đ":"D","ð":"d","Ð":"D","þ":"th","Þ":"TH","ı":"i"};
  return value.normalize('NFKD').replace(/\p{Mn}+/gu, '').replace(/[ßẞæÆœŒøØłŁđĐðÐþÞı]/g, (ch) => spelled[ch]);
}
return asciiFold(x);
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

-- `kindred_metaphone`: the metaphone transform as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_metaphone`(x STRING) RETURNS STRING LANGUAGE js AS r"""
function metaphone(value) {
  if (value === '') return '';
  const upper = value.toUpperCase();
  const v = Array.from(upper.normalize('NFKD'));
  if (/^(KN|GN|PN|WR|AE)/.test(upper)) v.shift();
  const vowel = (c) => 'AEIOU'.indexOf(c) >= 0 && c.length === 1;
  const front = (c) => 'IEY'.indexOf(c) >= 0 && c.length === 1;
  const out = [];
  const at = (k) => (k < v.length ? v[k] : '*');
  let i = 0;
  while (i < v.length) {
    const c = v[i], next = at(i + 1), after = at(i + 2), prev = i > 0 ? v[i - 1] : '';
    if (c === next && c !== 'C') { i++; continue; }
    if (vowel(c)) { if (i === 0 || prev === ' ') out.push(c); }
    else if (c === 'B') { if (prev !== 'M' || next !== '*') out.push('B'); }
    else if (c === 'C') {
      if ((next === 'I' && after === 'A') || next === 'H') { out.push('X'); i++; }
      else if (front(next)) { out.push('S'); i++; }
      else out.push('K');
    } else if (c === 'D') {
      if (next === 'G' && front(after)) { out.push('J'); i += 2; } else out.push('T');
    } else if ('FJLMNR'.indexOf(c) >= 0 && c.length === 1) out.push(c);
    else if (c === 'G') {
      if (front(next)) out.push('J');
      else if ((next === 'H' && after !== '*' && !vowel(after)) || (next === 'N' && after === '*')) i++;
      else out.push('K');
    } else if (c === 'H') { if (i === 0 || vowel(next) || !vowel(prev)) out.push('H'); }
    else if (c === 'K') { if (prev !== 'C') out.push('K'); }
    else if (c === 'P') { if (next === 'H') { out.push('F'); i++; } else out.push('P'); }
    else if (c === 'Q') out.push('K');
    else if (c === 'S') {
      if (next === 'H') { out.push('X'); i++; }
      else if (next === 'I' && (after === 'O' || after === 'A')) { out.push('X'); i += 2; }
      else out.push('S');
    } else if (c === 'T') {
      if (next === 'I' && (after === 'O' || after === 'A')) out.push('X');
      else if (next === 'H') { out.push('0'); i++; }
      else if (next !== 'C' || after !== 'H') out.push('T');
    } else if (c === 'V') out.push('F');
    else if (c === 'W') {
      if (i === 0 && next === 'H') { out.push('W'); i++; } else if (vowel(next)) out.push('W');
    } else if (c === 'X') {
      if (i > 0) out.push('K', 'S');
      else if (next === 'H' || (next === 'I' && (after === 'O' || after === 'A'))) out.push('X');
      else out.push('S');
    } else if (c === 'Y') { if (vowel(next)) out.push('Y'); }
    else if (c === 'Z') out.push('S');
    else if (c === ' ') { if (out.length > 0 && out[out.length - 1] !== ' ') out.push(' '); }
    i++;
  }
  return out.join('');
}
return metaphone(x);
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

-- `kindred_geo_haversine`: the geo_haversine scorer as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_geo_haversine`(a STRING, b STRING) RETURNS FLOAT64 LANGUAGE js AS r"""
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
function geoPoint(text) {
  const parts = text.split(/[,;]/);
  if (parts.length !== 2) return null;
  const lat = parseFiniteFloat(parts[0]), lon = parseFiniteFloat(parts[1]);
  if (lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}
function geoHaversine(s, t) {
  const a = geoPoint(s), b = geoPoint(t);
  if (a === null || b === null) return s === t ? 1 : 0;
  const radians = Math.PI / 180;
  const sinLat = Math.sin(((b.lat - a.lat) * radians) / 2);
  const sinLon = Math.sin(((b.lon - a.lon) * radians) / 2);
  const h = sinLat * sinLat + Math.cos(a.lat * radians) * Math.cos(b.lat * radians) * sinLon * sinLon;
  const km = 2 * 6371.0088 * Math.asin(Math.sqrt(Math.min(1, h)));
  if (km <= 0.1) return 1;
  if (km <= 1) return 0.85;
  if (km <= 10) return 0.5;
  if (km <= 100) return 0.2;
  return 0;
}
return geoHaversine(a, b);
""";

-- `kindred_date_diff`: the date_diff scorer as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_date_diff`(a STRING, b STRING) RETURNS FLOAT64 LANGUAGE js AS r"""
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
  let m = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/.exec(s);
  if (m !== null) return makeDate(Number(m[1]), Number(m[3]), Number(m[4]));
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m !== null) return makeDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})$/.exec(s);
  if (m !== null) return makeDate(Number(m[1]), 1, 1);
  return null;
}
function dateSimilarity(a, b) {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/;
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
}
return dateDiff(a, b);
""";

-- `kindred_date`: the date scorer as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_date`(a STRING, b STRING) RETURNS FLOAT64 LANGUAGE js AS r"""
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
  let m = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/.exec(s);
  if (m !== null) return makeDate(Number(m[1]), Number(m[3]), Number(m[4]));
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m !== null) return makeDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})$/.exec(s);
  if (m !== null) return makeDate(Number(m[1]), 1, 1);
  return null;
}
function dateSimilarity(a, b) {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/;
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
}
return dateSimilarity(a, b);
""";

-- `kindred_ensemble`: the ensemble scorer as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_ensemble`(a STRING, b STRING) RETURNS FLOAT64 LANGUAGE js AS r"""
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
function ensemble(a, b) {
  const x = soundex(a);
  const sx = 0.8 * (x !== '' && x === soundex(b) ? 1 : 0);
  return Math.max(jaroWinkler(a, b), tokenSort(a, b), sx);
}
return ensemble(a, b);
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

-- `kindred_metaphone_match`: the metaphone_match scorer as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_metaphone_match`(a STRING, b STRING) RETURNS FLOAT64 LANGUAGE js AS r"""
function metaphone(value) {
  if (value === '') return '';
  const upper = value.toUpperCase();
  const v = Array.from(upper.normalize('NFKD'));
  if (/^(KN|GN|PN|WR|AE)/.test(upper)) v.shift();
  const vowel = (c) => 'AEIOU'.indexOf(c) >= 0 && c.length === 1;
  const front = (c) => 'IEY'.indexOf(c) >= 0 && c.length === 1;
  const out = [];
  const at = (k) => (k < v.length ? v[k] : '*');
  let i = 0;
  while (i < v.length) {
    const c = v[i], next = at(i + 1), after = at(i + 2), prev = i > 0 ? v[i - 1] : '';
    if (c === next && c !== 'C') { i++; continue; }
    if (vowel(c)) { if (i === 0 || prev === ' ') out.push(c); }
    else if (c === 'B') { if (prev !== 'M' || next !== '*') out.push('B'); }
    else if (c === 'C') {
      if ((next === 'I' && after === 'A') || next === 'H') { out.push('X'); i++; }
      else if (front(next)) { out.push('S'); i++; }
      else out.push('K');
    } else if (c === 'D') {
      if (next === 'G' && front(after)) { out.push('J'); i += 2; } else out.push('T');
    } else if ('FJLMNR'.indexOf(c) >= 0 && c.length === 1) out.push(c);
    else if (c === 'G') {
      if (front(next)) out.push('J');
      else if ((next === 'H' && after !== '*' && !vowel(after)) || (next === 'N' && after === '*')) i++;
      else out.push('K');
    } else if (c === 'H') { if (i === 0 || vowel(next) || !vowel(prev)) out.push('H'); }
    else if (c === 'K') { if (prev !== 'C') out.push('K'); }
    else if (c === 'P') { if (next === 'H') { out.push('F'); i++; } else out.push('P'); }
    else if (c === 'Q') out.push('K');
    else if (c === 'S') {
      if (next === 'H') { out.push('X'); i++; }
      else if (next === 'I' && (after === 'O' || after === 'A')) { out.push('X'); i += 2; }
      else out.push('S');
    } else if (c === 'T') {
      if (next === 'I' && (after === 'O' || after === 'A')) out.push('X');
      else if (next === 'H') { out.push('0'); i++; }
      else if (next !== 'C' || after !== 'H') out.push('T');
    } else if (c === 'V') out.push('F');
    else if (c === 'W') {
      if (i === 0 && next === 'H') { out.push('W'); i++; } else if (vowel(next)) out.push('W');
    } else if (c === 'X') {
      if (i > 0) out.push('K', 'S');
      else if (next === 'H' || (next === 'I' && (after === 'O' || after === 'A'))) out.push('X');
      else out.push('S');
    } else if (c === 'Y') { if (vowel(next)) out.push('Y'); }
    else if (c === 'Z') out.push('S');
    else if (c === ' ') { if (out.length > 0 && out[out.length - 1] !== ' ') out.push(' '); }
    i++;
  }
  return out.join('');
}
function metaphoneMatch(a, b) {
  const x = metaphone(a);
  return x !== '' && x === metaphone(b) ? 1 : 0;
}
return metaphoneMatch(a, b);
""";

-- `kindred_qgram_jaccard`: the qgram scorer as a function (bigquery has no built-in equal to it): kindred's definition, on code points
CREATE TEMP FUNCTION `kindred_qgram_jaccard`(a STRING, b STRING) RETURNS FLOAT64 LANGUAGE js AS r"""
function qgramSet(value) {
  const chars = Array.from('##' + value.toLowerCase() + '##');
  const grams = new Set();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars[i] + chars[i + 1] + chars[i + 2]);
  return grams;
}
function qgramSimilarity(a, b) {
  if (a === b) return 1;
  const x = qgramSet(a), y = qgramSet(b);
  let shared = 0;
  for (const g of x) if (y.has(g)) shared++;
  const union = x.size + y.size - shared;
  return union === 0 ? 1 : shared / union;
}
return qgramSimilarity(a, b);
""";

-- `my-project`.`crm`.`kindred_records`: one row per record: its id and every prepared (transformed) field
CREATE OR REPLACE TABLE `my-project`.`crm`.`kindred_records` AS
SELECT row_id,
  NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE `kindred_qgram`(c0, 2) END, '') AS c0,
  c1,
  c2,
  c3,
  c4,
  NULLIF(CASE WHEN c5 IS NULL THEN NULL ELSE `kindred_ascii_fold`(c5) END, '') AS c5,
  c6,
  c7,
  c8
FROM (
  SELECT row_id,
    NULLIF(CASE WHEN c0 IS NULL THEN NULL ELSE `kindred_ascii_fold`(c0) END, '') AS c0,
    NULLIF(CASE WHEN c1 IS NULL THEN NULL ELSE `kindred_metaphone`(c1) END, '') AS c1,
    c2,
    c3,
    c4,
    NULLIF(CASE WHEN c5 IS NULL THEN NULL ELSE `kindred_strip_honorifics`(c5) END, '') AS c5,
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
    m0 >= 0.7999999990000001e0 AS matched,
    m0 >= 0.7000000000000001e0 AS kept
  FROM (
    SELECT a, b, m0,
      CASE WHEN m0 >= 0.7999999990000001e0 THEN CASE WHEN m0 >= 0.7999999990000001e0 THEN 0 END ELSE CASE WHEN TRUE THEN 0 END END AS decider
    FROM (
      SELECT a, b,
        CASE WHEN (((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 0.5e0 END) > 0e0 THEN (((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 * s0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 * s1 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.5e0 * s2 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 1e0 * s3 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.5e0 * s4 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.5e0 * s5 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 0.5e0 * s6 END) / GREATEST((((((((0e0 + CASE WHEN s0 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s1 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s2 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s3 IS NULL THEN 0e0 ELSE 1e0 END) + CASE WHEN s4 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s5 IS NULL THEN 0e0 ELSE 0.5e0 END) + CASE WHEN s6 IS NULL THEN 0e0 ELSE 0.5e0 END), 0e0) ELSE 0e0 END AS m0
      FROM (
        SELECT c.a, c.b,
          CASE WHEN l.c2 IS NULL OR r.c2 IS NULL THEN NULL WHEN l.c2 = r.c2 THEN 1e0 ELSE `kindred_geo_haversine`(l.c2, r.c2) END AS s0,
          CASE WHEN l.c3 IS NULL OR r.c3 IS NULL THEN NULL WHEN l.c3 = r.c3 THEN 1e0 ELSE `kindred_date_diff`(l.c3, r.c3) END AS s1,
          CASE WHEN l.c4 IS NULL OR r.c4 IS NULL THEN NULL WHEN l.c4 = r.c4 THEN 1e0 ELSE `kindred_date`(l.c4, r.c4) END AS s2,
          CASE WHEN l.c5 IS NULL OR r.c5 IS NULL THEN NULL WHEN l.c5 = r.c5 THEN 1e0 ELSE `kindred_ensemble`(l.c5, r.c5) END AS s3,
          CASE WHEN l.c6 IS NULL OR r.c6 IS NULL THEN NULL WHEN l.c6 = r.c6 THEN 1e0 ELSE `kindred_soundex_match`(l.c6, r.c6) END AS s4,
          CASE WHEN l.c7 IS NULL OR r.c7 IS NULL THEN NULL WHEN l.c7 = r.c7 THEN 1e0 ELSE `kindred_metaphone_match`(l.c7, r.c7) END AS s5,
          CASE WHEN l.c8 IS NULL OR r.c8 IS NULL THEN NULL WHEN l.c8 = r.c8 THEN 1e0 ELSE `kindred_qgram_jaccard`(l.c8, r.c8) END AS s6
        FROM `my-project`.`crm`.`kindred_candidates` AS c
        JOIN `my-project`.`crm`.`kindred_records` AS l ON l.row_id = c.a
        JOIN `my-project`.`crm`.`kindred_records` AS r ON r.row_id = c.b
      ) AS compared
    ) AS scored
  ) AS decided
) AS outcome
WHERE matched OR kept;
