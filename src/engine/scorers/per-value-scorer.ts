/** Builds bound scorers that derive data from each value once (codes, tokens, parsed numbers...) and compare that. */
import { KindredError } from '../../errors/registry.js';
import type { FieldDictionary } from '../fields/field-dictionary.js';
import type { BoundScorer } from './types.js';

// The `values` path serves /match queries: a few distinct strings compared
// against many stored ones, so a small cache pays; it is dropped when full
// to stay bounded.
const VALUE_CACHE_LIMIT = 4096;

/**
 * The error thrown by `ids()` on a scorer created without a prepared field.
 *
 * @example
 * throw noDictionary('jaro_winkler');
 */
export function noDictionary(name: string): KindredError {
  return new KindredError('internal', `scorer ${name} was created without a prepared field; ids() needs one`);
}

/**
 * A bound scorer that compares per-value derived data. `derive` runs at most
 * once per dictionary id (lazily, cached) and `compare` sees the same derived
 * data on both paths, so `ids(a, b) === values(dict.value(a), dict.value(b))`.
 *
 * @example
 * const s = perValueScorer('soundex_match', dict, soundex, (x, y) => (x !== '' && x === y ? 1 : 0));
 * s.ids(0, 1);
 */
export function perValueScorer<T>(
  name: string,
  dict: FieldDictionary | null,
  derive: (value: string) => T,
  compare: (x: T, y: T) => number,
): BoundScorer {
  const byId: (T | undefined)[] = dict === null ? [] : new Array<T | undefined>(dict.count);
  let byValue = new Map<string, T>();
  const forId = (id: number): T => {
    let d = byId[id];
    if (d === undefined) {
      d = derive((dict as FieldDictionary).value(id));
      byId[id] = d;
    }
    return d;
  };
  const forValue = (value: string): T => {
    let d = byValue.get(value);
    if (d === undefined) {
      d = derive(value);
      if (byValue.size >= VALUE_CACHE_LIMIT) byValue = new Map();
      byValue.set(value, d);
    }
    return d;
  };
  return {
    ids:
      dict === null
        ? () => {
            throw noDictionary(name);
          }
        : (a, b) => compare(forId(a), forId(b)),
    values: (a, b) => compare(forValue(a), forValue(b)),
  };
}
