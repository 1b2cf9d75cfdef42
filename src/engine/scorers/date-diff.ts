/** Date scorers: `date_diff` (banded day distance) and `date` (digit edits between ISO dates). */
import { stringToCodes } from '../fields/field-dictionary.js';
import { noArguments } from '../transforms/arguments.js';
import { stripWhitespace } from '../transforms/whitespace.js';
import { damerauLevenshteinDistanceCodes } from './damerau-levenshtein.js';
import { levenshteinSimilarity } from './levenshtein.js';
import { perValueScorer } from './per-value-scorer.js';
import type { ScorerDefinition } from './types.js';

/** A calendar date with its day number (days since 1970-01-01, proleptic Gregorian). */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
  dayNumber: number;
}

const SEPARATED = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const YEAR_ONLY = /^(\d{4})$/;
const STRICT_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function daysInMonth(y: number, m: number): number {
  return m === 2 ? (isLeapYear(y) ? 29 : 28) : [31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
}

/**
 * Days since 1970-01-01 of a Gregorian date (valid for every year 1–9999;
 * `Date.UTC` would misread years below 100).
 *
 * @example
 * dayNumber(1970, 1, 1); // 0
 * dayNumber(2000, 3, 1); // 11017
 */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function makeDate(year: number, month: number, day: number): CalendarDate | null {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day, dayNumber: dayNumber(year, month, day) };
}

/**
 * Parses `YYYY-MM-DD` or `YYYY/MM/DD` (one-digit month/day allowed, one
 * separator throughout), `YYYYMMDD`, or a bare `YYYY` (read as 1 January).
 * Impossible dates (2023-02-30) and anything else give null.
 *
 * @example
 * parseDate('2024-2-9');   // { year: 2024, month: 2, day: 9, ... }
 * parseDate('1999');       // 1 January 1999
 * parseDate('09/02/2024'); // null
 */
export function parseDate(text: string): CalendarDate | null {
  const s = stripWhitespace(text);
  let m = SEPARATED.exec(s);
  if (m !== null) return makeDate(Number(m[1]), Number(m[3]), Number(m[4]));
  m = COMPACT.exec(s);
  if (m !== null) return makeDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = YEAR_ONLY.exec(s);
  if (m !== null) return makeDate(Number(m[1]), 1, 1);
  return null;
}

/**
 * The `date_diff` band of a day distance: 0 → 1, ≤1 → 0.92, ≤31 → 0.80,
 * ≤366 → 0.60, ≤1827 → 0.30, else 0.
 *
 * @example
 * dayDistanceScore(7); // 0.8
 */
export function dayDistanceScore(days: number): number {
  if (days === 0) return 1;
  if (days <= 1) return 0.92;
  if (days <= 31) return 0.8;
  if (days <= 366) return 0.6;
  if (days <= 1827) return 0.3;
  return 0;
}

const SWAP_FLOOR = 0.8;

/**
 * `date_diff` of two parsed dates: the banded day distance, floored at 0.80
 * when swapping month and day of one date gives the other (a US/European
 * order mix-up, e.g. 2020-03-04 vs 2020-04-03).
 *
 * @example
 * compareDates(parseDate('2020-01-12')!, parseDate('2020-12-01')!); // 0.8 (324 days apart, but swapped)
 */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  const score = dayDistanceScore(Math.abs(a.dayNumber - b.dayNumber));
  const swapped = a.year === b.year && a.month === b.day && a.day === b.month;
  return swapped && score < SWAP_FLOOR ? SWAP_FLOOR : score;
}

/**
 * The `date` scorer: when both are strict `YYYY-MM-DD`, compares their eight
 * digits by unrestricted Damerau–Levenshtein distance (0 → 1.0, 1 → 0.90,
 * 2 → 0.75, more → 0); otherwise normalised Levenshtein similarity.
 *
 * @example
 * dateSimilarity('2020-01-12', '2020-01-21'); // 0.9 (one transposition)
 * dateSimilarity('Jan 2020', 'Jan 2021');     // 0.875
 */
export function dateSimilarity(a: string, b: string): number {
  if (STRICT_ISO.test(a) && STRICT_ISO.test(b)) {
    const x = stringToCodes(a.replace(/-/g, ''));
    const y = stringToCodes(b.replace(/-/g, ''));
    const d = damerauLevenshteinDistanceCodes(x, 0, x.length, y, 0, y.length);
    return d === 0 ? 1 : d === 1 ? 0.9 : d === 2 ? 0.75 : 0;
  }
  return levenshteinSimilarity(a, b);
}

/** A value with its parsed date (null when unparseable). */
export interface DateProfile {
  value: string;
  date: CalendarDate | null;
}

/**
 * Prepares a value for `date_diff`.
 *
 * @example
 * dateProfile('2024-02-09').date?.dayNumber; // 19762
 */
export function dateProfile(value: string): DateProfile {
  return { value, date: parseDate(value) };
}

/**
 * `date_diff` on prepared data: {@link compareDates} when both parse, else
 * the `date` scorer on the text.
 *
 * @example
 * compareDateProfiles(dateProfile('2024-02-09'), dateProfile('20240210')); // 0.92
 */
export function compareDateProfiles(x: DateProfile, y: DateProfile): number {
  if (x.date !== null && y.date !== null) return compareDates(x.date, y.date);
  return dateSimilarity(x.value, y.value);
}

/**
 * `date_diff` of two strings.
 *
 * @example
 * dateDiff('2024-02-09', '2024/2/9'); // 1
 * dateDiff('1990', '1991-06-30');     // 0.3
 */
export function dateDiff(a: string, b: string): number {
  return compareDateProfiles(dateProfile(a), dateProfile(b));
}

/** `date_diff`: banded day distance. */
export const dateDiffScorer: ScorerDefinition = {
  name: 'date_diff',
  description: 'day distance between parsed dates: 0 → 1, ≤1 → 0.92, ≤31 → 0.8, ≤366 → 0.6, ≤1827 → 0.3, else 0; month/day swap ≥ 0.8; unparseable → date',
  checkArgs: noArguments('date_diff'),
  create: (_args, dict) => perValueScorer('date_diff', dict, dateProfile, compareDateProfiles),
};

/** `date`: digit edits between strict ISO dates. */
export const dateScorer: ScorerDefinition = {
  name: 'date',
  description: 'both YYYY-MM-DD: Damerau-Levenshtein over the 8 digits (0 → 1, 1 → 0.9, 2 → 0.75, else 0); otherwise levenshtein',
  checkArgs: noArguments('date'),
  create: (_args, dict) => perValueScorer('date', dict, (v) => v, dateSimilarity),
};
