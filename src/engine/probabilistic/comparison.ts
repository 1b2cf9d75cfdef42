/** Builds Fellegi–Sunter comparison vectors (one level per field) for lists of row pairs. */
import { levelFunction, missingLevel, type LevelSpec, type MissingPolicy } from './levels.js';
import type { PairList } from './types.js';
import type { FieldDictionary } from '../fields/field-dictionary.js';
import type { BoundScorer } from '../scorers/types.js';

/**
 * What {@link compareLevels} needs of a field.
 *
 * @example
 * const f: ComparedField = { dict: names, scorer, spec: { levels: 3 } };
 */
export interface ComparedField {
  dict: FieldDictionary;
  scorer: BoundScorer;
  spec: LevelSpec;
}

/**
 * The comparison levels of `pairs` on `fields`, row-major: entry
 * `i * fields.length + f` is the level of pair `i` on field `f`, or −1 when
 * either value is missing and `missing` is `unobserved` (0 when `disagree`).
 * Similarities come from `scorer.ids` on the rows' distinct-value ids.
 *
 * @example
 * const levels = compareLevels({ a: Int32Array.of(0), b: Int32Array.of(2), count: 1 },
 *   [{ dict: names, scorer: exact, spec: {} }], 'unobserved');
 * levels[0]; // 1 when rows 0 and 2 hold the same name
 */
export function compareLevels(pairs: PairList, fields: readonly ComparedField[], missing: MissingPolicy): Int8Array {
  const nFields = fields.length;
  const out = new Int8Array(pairs.count * nFields);
  const absent = missingLevel(missing);
  for (let f = 0; f < nFields; f++) {
    const { dict, scorer, spec } = fields[f];
    const toLevel = levelFunction(spec);
    const ids = dict.ids;
    // Field-major loop keeps one scorer and one id column hot at a time.
    for (let i = 0; i < pairs.count; i++) {
      const va = ids[pairs.a[i]];
      const vb = ids[pairs.b[i]];
      out[i * nFields + f] = va < 0 || vb < 0 ? absent : toLevel(scorer.ids(va, vb));
    }
  }
  return out;
}
