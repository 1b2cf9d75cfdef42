/** The scorer contract: every similarity function in kindred has this shape. */
import type { FieldDictionary } from '../fields/field-dictionary.js';

/**
 * A scorer bound to one prepared field. Both methods compute the same number
 * for the same values: `ids(a, b) === values(dict.value(a), dict.value(b))`.
 * Inputs are already transformed and never missing (callers handle missing).
 * Results are in [0, 1] and never NaN.
 *
 * @example
 * const s = createScorer('jaro_winkler', dict);
 * s.ids(3, 17);                     // hot loop, reads shared code points
 * s.values('jon smith', 'john smith'); // a /match query against a stored value
 */
export interface BoundScorer {
  ids(a: number, b: number): number;
  values(a: string, b: string): number;
  /**
   * Where the scorer reads code points: a value given as its code points
   * against the stored value `b`, the same number as
   * `values(a as a string, dict.value(b))` without decoding `b` (so /match
   * leaves no decoded string behind per candidate). Absent: use `values`.
   */
  codesId?(a: Uint32Array, b: number): number;
  /**
   * Like `codesId`, for the value held in `a[aStart..aEnd)` (code points of
   * another field's dictionary, compared without copying them out): how
   * swapped columns are compared in the hot loop. Absent: use `values`.
   */
  rangeId?(a: Uint32Array, aStart: number, aEnd: number, b: number): number;
}

/**
 * A named scorer. `args` are the colon-separated parameters of the scorer
 * name (`numeric_diff:abs:5` → `['abs', '5']`). `dict` is the prepared field
 * it will score (some scorers, like `tfidf_cosine`, learn statistics from the
 * loaded column); it is null when no data is loaded.
 */
export interface ScorerDefinition {
  name: string;
  /** One-line description for docs and error messages. */
  description: string;
  /** Validates args; returns an error message or null. */
  checkArgs(args: string[]): string | null;
  /**
   * True when the scorer learns statistics from the column it is bound to
   * (`tfidf_cosine`'s IDF): its number for two values then depends on which
   * column's scorer compares them, so it cannot compare two columns crossed.
   */
  learnsFromColumn?: boolean;
  create(args: string[], dict: FieldDictionary | null): BoundScorer;
}
