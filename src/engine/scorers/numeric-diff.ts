/** `numeric_diff[:abs|pct:band]`: closeness of two numbers, linear inside a tolerance band. */
import { parseNumberArgument } from '../transforms/arguments.js';
import { perValueScorer } from './per-value-scorer.js';
import { parseFiniteFloat } from './python-float.js';
import type { ScorerDefinition } from './types.js';

/** How a numeric difference is measured. */
export type NumericMode = 'abs' | 'pct';

const DEFAULT_MODE: NumericMode = 'pct';
const DEFAULT_BAND = 0.1;
const USAGE = 'numeric_diff takes no arguments or a mode and a positive band, e.g. numeric_diff:abs:5 or numeric_diff:pct:0.1';

/** A value with its parsed number (null when it is not a finite number). */
export interface NumericProfile {
  value: string;
  number: number | null;
}

/**
 * Prepares a value for `numeric_diff`.
 *
 * @example
 * numericProfile('42.5').number; // 42.5
 * numericProfile('n/a').number;  // null
 */
export function numericProfile(value: string): NumericProfile {
  return { value, number: parseFiniteFloat(value) };
}

/**
 * Similarity of two numbers: `dist = |a − b|` (abs) or
 * `|a − b| / max(|a|, |b|, 1e-9)` (pct); `1 − dist/band` when `dist < band`,
 * else 0.
 *
 * @example
 * numericSimilarity(100, 105, 'pct', 0.1); // 0.52380...
 * numericSimilarity(10, 13, 'abs', 5);     // 0.4
 */
export function numericSimilarity(a: number, b: number, mode: NumericMode, band: number): number {
  const diff = Math.abs(a - b);
  const dist = mode === 'abs' ? diff : diff / Math.max(Math.abs(a), Math.abs(b), 1e-9);
  return dist < band ? 1 - dist / band : 0;
}

/**
 * `numeric_diff` on prepared data: numeric closeness when both are finite
 * numbers, else exact equality of the text.
 *
 * @example
 * compareNumericProfiles(numericProfile('10'), numericProfile('10.0'), 'abs', 1); // 1
 * compareNumericProfiles(numericProfile('n/a'), numericProfile('n/a'), 'abs', 1); // 1
 */
export function compareNumericProfiles(x: NumericProfile, y: NumericProfile, mode: NumericMode, band: number): number {
  if (x.number === null || y.number === null) return x.value === y.value ? 1 : 0;
  return numericSimilarity(x.number, y.number, mode, band);
}

/**
 * `numeric_diff` of two strings.
 *
 * @example
 * numericDiff('100', '95');           // 0.5 (pct, band 0.1)
 * numericDiff('100', '98', 'abs', 5); // 0.6
 */
export function numericDiff(a: string, b: string, mode: NumericMode = DEFAULT_MODE, band = DEFAULT_BAND): number {
  return compareNumericProfiles(numericProfile(a), numericProfile(b), mode, band);
}

/**
 * The mode and band of `numeric_diff`'s arguments (none: `pct`, 0.1), or null when they are not valid.
 *
 * @example
 * numericDiffArguments(['abs', '5']); // { mode: 'abs', band: 5 }
 */
export function numericDiffArguments(args: string[]): { mode: NumericMode; band: number } | null {
  if (args.length === 0) return { mode: DEFAULT_MODE, band: DEFAULT_BAND };
  const mode = args[0];
  if (mode !== 'abs' && mode !== 'pct') return null;
  if (args.length === 1) return mode === 'pct' ? { mode, band: DEFAULT_BAND } : null;
  if (args.length !== 2) return null;
  const band = parseNumberArgument(args[1]);
  return band !== null && band > 0 ? { mode, band } : null;
}

/** `numeric_diff[:abs|pct:band]` (bare = `pct:0.1`). */
export const numericDiffScorer: ScorerDefinition = {
  name: 'numeric_diff',
  description: 'numbers within a band: 1 - dist/band if dist < band else 0; dist absolute (abs) or relative (pct); bare = pct:0.1; non-numbers → exact',
  checkArgs: (args) => (numericDiffArguments(args) === null ? `${USAGE}, got "${['numeric_diff', ...args].join(':')}"` : null),
  create: (args, dict) => {
    const { mode, band } = numericDiffArguments(args) as { mode: NumericMode; band: number };
    return perValueScorer('numeric_diff', dict, numericProfile, (x, y) => compareNumericProfiles(x, y, mode, band));
  },
};
