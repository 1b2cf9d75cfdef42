/** The seeded inputs the SQL forms of kindred's transforms and scorers are checked on (warehouse functions, DuckDB macros), per family, and kindred's own value for them. */
import fc from 'fast-check';
import { createScorer } from '../../src/engine/scorers/registry.js';
import { getTransform } from '../../src/engine/transforms/registry.js';
import type { WarehouseFunction } from '../../src/sql/functions/warehouse-function.js';

// Letters that repeat (so Jaro windows and transpositions happen), soundex's classes, characters whose
// NFKD or upper case is special (é, ß, ﬀ, ı, ſ, İ, ǅ), a surrogate pair, a digit, a space.
// Whitespace of several kinds (Python's: tab, ideographic space, line separator, no-break space; and
// U+FEFF, which JavaScript's \s holds and Python's does not), and words that repeat (token sets).
const PIECES = ['a', 'b', 'c', 'r', 't', 'h', 'w', 'm', 'o', 'é', 'ß', 'ﬀ', 'ı', 'ſ', 'İ', 'ǅ', '😀', '7', ' ', 'x', 'S', 'P', ' ', ' ', '\t', '\u3000', '\u2028', '\u00a0', '\ufeff', 'ab ', ' ma ', '\uff5e', 'and '];
const text = fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 24 }).map((p) => p.join(''));
/**
 * Text pairs (and `values`, every side of them and a few names): the default inputs of a scorer (a transform).
 *
 * @example
 * pairs.length > 2000; // true
 */
export const pairs: Array<[string, string]> = fc.sample(fc.tuple(text, text), { numRuns: 2000, seed: 99 });
pairs.push(['martha', 'marhta'], ['', ''], ['a', 'a'], ['a', ''], ['dixon', 'dicksonx'], ['ca', 'abc'], ['a'.repeat(40), `${'a'.repeat(20)}b${'a'.repeat(19)}`]);
pairs.push(['fuzzy was a bear', 'fuzzy fuzzy was a bear'], ['new york mets', 'new york meats'], ['John Smith', 'Smith  John'], ['\uff5e b', '😀 b'], ['a b c', 'c d']);
/** Every side of `pairs`, and a few names. @example values.includes('José'); // true */
export const values = [...new Set(pairs.flat())].concat(['Ashcraft', 'joseph bradshaw', 'José', '123', 'Tymczak', 'Pfister', 'Straße', 'ﬀolkes']);

/**
 * The specs each function is checked with (by created name): its name, and for a function with parameters a spread of arguments.
 *
 * @example
 * SPECS.qgram[1]; // 'qgram:1'
 */
export const SPECS: Record<string, string[]> = {
  qgram: ['qgram', 'qgram:1', 'qgram:2', 'qgram:4', 'qgram:9'],
  numeric_diff: ['numeric_diff', 'numeric_diff:pct', 'numeric_diff:abs:5', 'numeric_diff:pct:0.25', 'numeric_diff:abs:0.001'],
};

// Number-like text: signs, points, exponents, underscores, currency, thousands commas, whitespace of
// both languages, non-ASCII digits (which Python's float() would take), overflow.
const NUMBER_PIECES = ['1', '0', '5', '9', '2', '.', '-', '+', 'e', 'E', '_', ',', ' ', '$', '€', '£', '¥', '\u00a0', '\u3000', '\ufeff', '\u0085', '\u001c', '\t', '٣', 'x', '1e999', '1,299', '000'];
const numberText = fc.oneof(
  fc.array(fc.constantFrom(...NUMBER_PIECES), { minLength: 0, maxLength: 10 }).map((p) => p.join('')),
  fc.double({ noNaN: true }).map(String),
  fc.integer({ min: -2000, max: 2000 }).map((n) => String(n / 8)),
);
const numberPairs: Array<[string, string]> = fc.sample(fc.tuple(numberText, numberText), { numRuns: 3000, seed: 7 });
// Close numbers, so the bands' linear parts are reached.
const close = fc.tuple(fc.integer({ min: -4000, max: 4000 }), fc.integer({ min: -80, max: 80 })).map(([n, d]): [string, string] => [String(n / 16), String(n / 16 + d / 64)]);
numberPairs.push(...fc.sample(close, { numRuns: 1000, seed: 8 }));
numberPairs.push(['100', '95'], ['100', '105'], ['10', '10.0'], ['n/a', 'n/a'], ['1_000', '1000'], [' 1. ', '.5'], ['1e999', '1e999'], ['-0', '0'], ['0', '1e-12']);
const numberValues = [...new Set(numberPairs.flat())].concat(['$1,299.00', '12,5 kg', '€ 2,500', '1,000,000', '$', '$$', '5 $ $', '$ 5 $', '\ufeff$1,000\u3000', '1,0000', '1,000,00']);

// Product names: model codes with hyphens and dots, sizes and units, list punctuation, JavaScript's
// whitespace (U+FEFF, not U+0085), letters and digits beyond ASCII (Ⅻ and ½ are numbers, 😀 is
// neither, 𝐀 is an astral letter: two UTF-16 units).
const CODE_PIECES = ['Sony', ' ', 'PS-LX350H', 'KDL-40.V', '/', '4k', '720p', '16GB', 'é', '😀', '٣', '7', 'x', '-', '.', '(', ')', ',', '+', '|', '\ufeff', '\u0085', 'Ⅻ', '½', '𝐀', '𝐀1', 'ab1', 'A1B2'];
const codeValues = fc.sample(fc.array(fc.constantFrom(...CODE_PIECES), { minLength: 0, maxLength: 8 }).map((p) => p.join('')), { numRuns: 3000, seed: 11 });
codeValues.push('Sony PS-LX350H Belt-Drive Turntable', 'Sony Turntable - PSLX350H', 'Black leather sofa', '', 'a1 b2c');

// Lists of names: initials, conjunctions in any case, combining marks (NFC composes u + ¨), misspellings.
const NAME_PIECES = ['p.', ' ', 'auer', ', ', 'n.', 'cesa-bianchi', 'and', 'AND', ' & ', 'r.', 'e.', 'schapire', 'shapire', 'mu\u0308ller', 'müller', 'j', 'k', '😀', '٣', 'İ', 'ß', 'freund', 'fruend', 'ﬀ'];
const nameText = fc.array(fc.constantFrom(...NAME_PIECES), { minLength: 0, maxLength: 9 }).map((p) => p.join(''));
const namePairs: Array<[string, string]> = fc.sample(fc.tuple(nameText, nameText), { numRuns: 1500, seed: 13 });
namePairs.push(['p. auer, n. cesa-bianchi, and r. e. schapire', 'schapire, r. and auer, p.'], ['j. k.', 'k. j.'], ['shapire', 'schapire']);

// Points: near each other (every band), far apart, out of range, malformed, the ';' separator,
// Python whitespace around the numbers.
const coordinate = fc.integer({ min: -95_000, max: 95_000 }).map((n) => n / 1000);
const point = fc.oneof(
  fc.tuple(coordinate, coordinate, fc.constantFrom(',', ';', ', ', ' ;\u3000', ',,')).map(([lat, lon, sep]) => `${lat}${sep}${lon * 2}`),
  fc.constantFrom('', 'x', '1,2,3', '91,0', '0,181', 'n/a', '1e999,0', '٣,1'),
);
const nearby = fc.tuple(coordinate, coordinate, fc.integer({ min: -3000, max: 3000 }), fc.integer({ min: -3000, max: 3000 })).map(([lat, lon, dl, dn]): [string, string] => [
  `${lat / 1.1},${lon}`,
  `${lat / 1.1 + dl / 1e5},${lon + dn / 1e4}`,
]);
const geoPairs: Array<[string, string]> = [...fc.sample(fc.tuple(point, point), { numRuns: 1500, seed: 17 }), ...fc.sample(nearby, { numRuns: 1500, seed: 18 })];
geoPairs.push(['40.7128,-74.0060', '40.7306,-73.9352'], ['0,0', '0,0.005'], ['51.5;-0.12', '51.5;-0.12'], ['90,0', '-90,180']);

// Dates: every accepted spelling, impossible days, leap years, years below 100, whitespace of both
// kinds, a final line end (which Java's $ would let through), swapped month and day, ISO dates one or
// two digit edits apart, and text that is no date.
const pad = (n: number, w: number): string => String(n).padStart(w, '0');
const dateParts = fc.tuple(fc.integer({ min: 0, max: 2100 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }));
const dateText = fc.oneof(
  fc.tuple(dateParts, fc.constantFrom('-', '/')).map(([[y, m, d], sep]) => `${pad(y, 4)}${sep}${m}${sep}${pad(d, 2)}`),
  dateParts.map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
  dateParts.map(([y, m, d]) => `${pad(y, 4)}${pad(m, 2)}${pad(d, 2)}`),
  dateParts.map(([y]) => pad(y, 4)),
  fc.tuple(dateParts, fc.constantFrom(' ', '\u3000', '\n', '\ufeff', '\u0085')).map(([[y, m, d], w]) => `${w}${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}${w}`),
  fc.constantFrom('', 'Jan 2020', 'Jan 2021', '2020-1-2-3', '٢٠٢٠', '2020/01-02', 'x'),
);
const datePairs: Array<[string, string]> = fc.sample(fc.tuple(dateText, dateText), { numRuns: 2500, seed: 19 });
// Near dates: the same day spelled otherwise, a few days, months or years away, month and day swapped.
const near = fc.tuple(fc.integer({ min: 1990, max: 2030 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), fc.integer({ min: -3, max: 3 }), fc.integer({ min: -2, max: 2 }), fc.integer({ min: -2, max: 2 }));
datePairs.push(
  ...fc.sample(near, { numRuns: 1500, seed: 20 }).map(([y, m, d, dd, dm, dy]): [string, string] => [
    `${y}-${pad(m, 2)}-${pad(d, 2)}`,
    dd === 3 ? `${y}-${pad(d > 12 ? m : d, 2)}-${pad(d > 12 ? d : m, 2)}` : `${y + dy}/${Math.min(12, Math.max(1, m + dm))}/${Math.max(1, d + dd)}`,
  ]),
);
datePairs.push(['2020-01-12', '2020-01-21'], ['Jan 2020', 'Jan 2021'], ['2024-02-09', '2024/2/9'], ['1990', '1991-06-30'], ['2020-01-12', '2020-12-01'], ['2020-01-12\n', '2020-01-21'], ['0099-01-01', '0100-01-01'], ['2024-02-29', '2023-02-29']);

// Names with titles in any case and punctuation, accented and unaccented letters, ligatures, İ.
const TITLE_PIECES = ['Dr.', ' ', 'MİSS', 'Mrs', 'ph.d.', 'PhD', 'Jr', 'John', 'Łódź', 'Straße', 'Ｊｏｓé', 'Æther', 'þorn', 'ı', 'mr', '\u3000', 'ǅ', 'e\u0301', '😀', 'Ø', 'ﬀ'];
const titleValues = fc.sample(fc.array(fc.constantFrom(...TITLE_PIECES), { minLength: 0, maxLength: 7 }).map((p) => p.join('')), { numRuns: 2000, seed: 23 });

// Words that reach every Metaphone rule (initial pairs, doubled letters, CIA, DGE, GH, GN, MB, PH, SCH,
// SIO, TIA, TH, TCH, WH, X, Y), a literal '*' (jellyfish's end marker), ß, ligatures, ŉ, ǰ, Greek with
// ypogegrammeni and marks (kindred's full upper case against Trino's per-code-point one).
const METAPHONE_PIECES = ['kn', 'gn', 'pn', 'wr', 'ae', 'b', 'mb', 'cia', 'ch', 'ce', 'c', 'dge', 'd', 'gh', 'gn', 'g', 'h', 'ck', 'ph', 'q', 'sh', 'sio', 'tia', 'th', 'tch', 'v', 'wh', 'w', 'x', 'xh', 'y', 'z', 'a', 'e', 'o', ' ', '*', 'ß', 'ﬀ', 'ŉ', 'ǰ', 'ᾳ', 'é', 'll', 'Ss', 'T', 'İ', '7'];
const metaphoneValues = fc.sample(fc.array(fc.constantFrom(...METAPHONE_PIECES), { minLength: 0, maxLength: 8 }).map((p) => p.join('')), { numRuns: 2500, seed: 29 });
metaphoneValues.push('Thompson', 'Knight', 'Wright', 'Aebersold', 'Xavier', 'Schmidt', 'Dumb', 'Ghent', 'Whitman', '*', 'ßx');
const metaphonePairs: Array<[string, string]> = metaphoneValues.map((v, i) => [v, metaphoneValues[(i * 7 + 3) % metaphoneValues.length]]);
metaphonePairs.push(['Thompson', 'Tomson'], ['Knight', 'Night'], ['Smith', 'Smyth'], ['', '']);

// Greek capitals with Σ before and after cased letters, case-ignorable marks and apostrophes between
// (the final sigma), İ, and mixed case (the qgram scorer lower-cases with the full mapping).
const SIGMA_PIECES = ['Σ', 'ΟΔΟΣ', 'ς', 'σ', 'Α', ' ', "'", '\u0301', '\u0345', '.', 'İ', 'ab', 'AB', 'x', '1', 'ǅ', 'ß'];
const sigmaText = fc.array(fc.constantFrom(...SIGMA_PIECES), { minLength: 0, maxLength: 8 }).map((p) => p.join(''));
const sigmaPairs: Array<[string, string]> = fc.sample(fc.tuple(sigmaText, sigmaText), { numRuns: 1500, seed: 31 });

/**
 * Inputs of a family of functions other than plain text (numbers, codes), by created function name.
 *
 * @example
 * DOMAINS.amount[0].length; // 1 (a transform's input)
 */
export const DOMAINS: Record<string, string[][]> = {
  numeric_diff: numberPairs,
  amount: numberValues.map((v) => [v]),
  code_token: codeValues.map((v) => [v]),
  geo_haversine: geoPairs,
  qgram_jaccard: [...sigmaPairs, ...pairs.slice(0, 1000), ['ΟΔΟΣ', 'οδος'], ['ΟΔΟΣ', 'οδος'.toUpperCase()]],
  metaphone: [...metaphoneValues, ...values].map((v) => [v]),
  metaphone_match: [...metaphonePairs, ...pairs.slice(0, 500)],
  ascii_fold: [...titleValues, ...values].map((v) => [v]),
  strip_honorifics: [...titleValues, ...values].map((v) => [v]),
  ensemble: [...pairs, ['Robert', 'Rupert'], ['Smith John', 'John Smith'], ['Ashcraft', 'Ashcroft']],
  soundex_match: [...pairs, ['Robert', 'Rupert'], ['Ashcraft', 'Ashcroft'], ['Tymczak', 'Tymzak'], ['123', '456'], ['Straße', 'Strasse']],
  date_diff: datePairs,
  date: [...datePairs.slice(0, 1500), ...pairs.slice(0, 300)],
  monge_elkan: [...namePairs, ...pairs.slice(0, 500)],
};

/**
 * kindred's own value for a spec's inputs (the scorer's `values`, the transform itself).
 *
 * @example
 * kindred(SOUNDEX, 'soundex')('Ashcraft'); // 'A261'
 */
export function kindred(f: WarehouseFunction, spec: string): (...args: string[]) => number | string {
  if (f.kind === 'scorer') {
    const s = createScorer(spec, null);
    return (a, b) => s.values(a, b);
  }
  const t = getTransform(spec);
  return (x) => t(x) ?? '';
}

/**
 * A function's inputs, by its created name (a transform and a scorer may share a configuration name).
 *
 * @example
 * inputs(SOUNDEX_MATCH) === pairs; // no family of its own: text pairs
 */
export const inputs = (f: WarehouseFunction): string[][] => DOMAINS[f.sqlName ?? f.name] ?? (f.kind === 'scorer' ? pairs : values.map((v) => [v]));
/** The specs a function is checked with. @example specsOf(QGRAM); // ['qgram', 'qgram:1', ...] */
export const specsOf = (f: WarehouseFunction): string[] => SPECS[f.sqlName ?? f.name] ?? [f.name];
/**
 * The spec's bound arguments as values (strings and numbers), as the script passes them.
 *
 * @example
 * bound(NUMERIC_DIFF, 'numeric_diff:abs:5'); // ['abs', 5]
 */
export const bound = (f: WarehouseFunction, spec: string): Array<string | number> => f.parameters?.bind(spec.split(':').slice(1)) ?? [];
/** A failing case, spelled for the assertion message. @example label('soundex', ['é']); // 'soundex("é")' */
export const label = (spec: string, args: string[]): string => `${spec}(${args.map((a) => JSON.stringify(a)).join(', ')})`;
