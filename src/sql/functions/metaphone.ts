/** The `metaphone` transform and the `metaphone_match` scorer as warehouse functions: src/engine/transforms/metaphone.ts (jellyfish's original Metaphone: upper case, NFKD, the initial-pair drop, letter rules with '*' past the end), on code points. */
import { phoneticPair } from './phonetic-pair.js';
import type { WarehouseFunction } from './warehouse-function.js';

const JAVASCRIPT = `
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
}`;

const PYTHON = `
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
`;

/**
 * Trino statements setting the VARCHAR `out` to the Metaphone code of `src`.
 * Trino's upper() maps each code point alone, where kindred's (JavaScript's)
 * is the full mapping: decomposing first (NFKD), then upper-casing, then
 * decomposing again gives the same letters (ligatures, ŉ, ǰ and Greek with
 * ypogegrammeni decompose into what their full upper case spells) except for
 * ß, which is spelled out. The initial-pair test reads the raw value's upper
 * case (a full upper case of several characters never starts KN, GN, PN, WR or AE).
 */
function trinoMetaphone(src: string, out: string): string {
  const vowel = (x: string): string => `${x} IN ('A', 'E', 'I', 'O', 'U')`;
  const front = (x: string): string => `${x} IN ('I', 'E', 'Y')`;
  return `SET ${out} = '';
  SET vs = normalize(upper(replace(normalize(${src}, NFKD), 'ß', 'SS')), NFKD);
  IF regexp_like(upper(${src}), '^(KN|GN|PN|WR|AE)') THEN
    SET vs = substr(vs, 2);
  END IF;
  SET n = length(vs);
  SET i = 0;
  WHILE i < n DO
    SET c = substr(vs, i + 1, 1);
    SET nx = IF(i + 1 < n, substr(vs, i + 2, 1), '*');
    SET af = IF(i + 2 < n, substr(vs, i + 3, 1), '*');
    SET pv = IF(i > 0, substr(vs, i, 1), '');
    IF c = nx AND c <> 'C' THEN
      SET i = i + 1;
    ELSE
      IF ${vowel('c')} THEN
        IF i = 0 OR pv = ' ' THEN
          SET ${out} = concat(${out}, c);
        END IF;
      ELSEIF c = 'B' THEN
        IF pv <> 'M' OR nx <> '*' THEN
          SET ${out} = concat(${out}, 'B');
        END IF;
      ELSEIF c = 'C' THEN
        IF (nx = 'I' AND af = 'A') OR nx = 'H' THEN
          SET ${out} = concat(${out}, 'X');
          SET i = i + 1;
        ELSEIF ${front('nx')} THEN
          SET ${out} = concat(${out}, 'S');
          SET i = i + 1;
        ELSE
          SET ${out} = concat(${out}, 'K');
        END IF;
      ELSEIF c = 'D' THEN
        IF nx = 'G' AND ${front('af')} THEN
          SET ${out} = concat(${out}, 'J');
          SET i = i + 2;
        ELSE
          SET ${out} = concat(${out}, 'T');
        END IF;
      ELSEIF c IN ('F', 'J', 'L', 'M', 'N', 'R') THEN
        SET ${out} = concat(${out}, c);
      ELSEIF c = 'G' THEN
        IF ${front('nx')} THEN
          SET ${out} = concat(${out}, 'J');
        ELSEIF (nx = 'H' AND af <> '*' AND NOT ${vowel('af')}) OR (nx = 'N' AND af = '*') THEN
          SET i = i + 1;
        ELSE
          SET ${out} = concat(${out}, 'K');
        END IF;
      ELSEIF c = 'H' THEN
        IF i = 0 OR ${vowel('nx')} OR NOT ${vowel('pv')} THEN
          SET ${out} = concat(${out}, 'H');
        END IF;
      ELSEIF c = 'K' THEN
        IF pv <> 'C' THEN
          SET ${out} = concat(${out}, 'K');
        END IF;
      ELSEIF c = 'P' THEN
        IF nx = 'H' THEN
          SET ${out} = concat(${out}, 'F');
          SET i = i + 1;
        ELSE
          SET ${out} = concat(${out}, 'P');
        END IF;
      ELSEIF c = 'Q' THEN
        SET ${out} = concat(${out}, 'K');
      ELSEIF c = 'S' THEN
        IF nx = 'H' THEN
          SET ${out} = concat(${out}, 'X');
          SET i = i + 1;
        ELSEIF nx = 'I' AND af IN ('O', 'A') THEN
          SET ${out} = concat(${out}, 'X');
          SET i = i + 2;
        ELSE
          SET ${out} = concat(${out}, 'S');
        END IF;
      ELSEIF c = 'T' THEN
        IF nx = 'I' AND af IN ('O', 'A') THEN
          SET ${out} = concat(${out}, 'X');
        ELSEIF nx = 'H' THEN
          SET ${out} = concat(${out}, '0');
          SET i = i + 1;
        ELSEIF nx <> 'C' OR af <> 'H' THEN
          SET ${out} = concat(${out}, 'T');
        END IF;
      ELSEIF c = 'V' THEN
        SET ${out} = concat(${out}, 'F');
      ELSEIF c = 'W' THEN
        IF i = 0 AND nx = 'H' THEN
          SET ${out} = concat(${out}, 'W');
          SET i = i + 1;
        ELSEIF ${vowel('nx')} THEN
          SET ${out} = concat(${out}, 'W');
        END IF;
      ELSEIF c = 'X' THEN
        IF i > 0 THEN
          SET ${out} = concat(${out}, 'KS');
        ELSEIF nx = 'H' OR (nx = 'I' AND af IN ('O', 'A')) THEN
          SET ${out} = concat(${out}, 'X');
        ELSE
          SET ${out} = concat(${out}, 'S');
        END IF;
      ELSEIF c = 'Y' THEN
        IF ${vowel('nx')} THEN
          SET ${out} = concat(${out}, 'Y');
        END IF;
      ELSEIF c = 'Z' THEN
        SET ${out} = concat(${out}, 'S');
      ELSEIF c = ' ' THEN
        IF length(${out}) > 0 AND substr(${out}, length(${out}), 1) <> ' ' THEN
          SET ${out} = concat(${out}, ' ');
        END IF;
      END IF;
      SET i = i + 1;
    END IF;
  END WHILE;`;
}

const TRINO_DECLARATIONS = `DECLARE vs, c, nx, af, pv VARCHAR;
  DECLARE n, i BIGINT DEFAULT 0;`;

const PAIR = phoneticPair({
  name: 'metaphone',
  javascript: { source: JAVASCRIPT, call: 'metaphone' },
  python: { source: PYTHON, call: 'metaphone' },
  trino: { statements: trinoMetaphone, declarations: TRINO_DECLARATIONS },
});

/**
 * The `metaphone` transform as a warehouse function.
 *
 * @example
 * METAPHONE.javascript.call; // 'metaphone'
 */
export const METAPHONE: WarehouseFunction = PAIR.transform;

/**
 * The `metaphone_match` scorer as a warehouse function (1 when both codes are non-empty and equal).
 *
 * @example
 * METAPHONE_MATCH.python.call; // 'metaphone_match'
 */
export const METAPHONE_MATCH: WarehouseFunction = PAIR.match;
