/** Tiny stand-in scorers for the Fellegi–Sunter tests, independent of the real scorer registry. */
import type { FieldDictionary } from '../../../src/engine/fields/field-dictionary.js';
import type { BoundScorer } from '../../../src/engine/scorers/types.js';
import type { ProbabilisticField, ProbabilisticFieldSpec } from '../../../src/engine/probabilistic/types.js';

/**
 * 1 when equal, else 0.
 *
 * @example
 * exactScorer().values('a', 'a'); // 1
 */
export function exactScorer(): BoundScorer {
  return {
    ids: (a, b) => (a === b ? 1 : 0),
    values: (a, b) => (a === b ? 1 : 0),
  };
}

/**
 * Shared-prefix length over the longer length: a cheap graded similarity.
 *
 * @example
 * prefixScorer(dict).values('smith', 'smyth'); // 0.4
 */
export function prefixScorer(dict: FieldDictionary): BoundScorer {
  const values = (a: string, b: string): number => {
    const n = Math.max(a.length, b.length);
    if (n === 0) return 1;
    let k = 0;
    while (k < a.length && k < b.length && a[k] === b[k]) k++;
    return k / n;
  };
  return { ids: (a, b) => values(dict.value(a), dict.value(b)), values };
}

/**
 * A field bound to a scorer double.
 *
 * @example
 * field(dict, 'exact', { tf_adjustment: true });
 */
export function field(dict: FieldDictionary, scorer: 'exact' | 'prefix', spec: ProbabilisticFieldSpec = {}): ProbabilisticField {
  return { dict, scorer: scorer === 'exact' ? exactScorer() : prefixScorer(dict), spec };
}
