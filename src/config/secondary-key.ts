/** The default secondary key that splits an oversized block of a blocking key: the first compared field the key does not already block on. */
import type { BlockingKey, FieldRef, Matchkey } from './types.js';

/**
 * The default `split_by` of a blocking key: the first field of the weighted
 * and probabilistic matchkeys (matchkeys in order, then their fields in
 * order) whose column is not a column of the key, with that field's
 * transforms (so it is already prepared for scoring). Exact matchkeys are
 * passed over: their own passes already pair records equal on their fields,
 * so splitting by one would mostly re-find those pairs. `[]` when no such
 * field exists: the key's oversized blocks cannot be split.
 *
 * @example
 * secondaryKey(config.matchkeys, { fields: [{ field: 'zip', transforms: [] }] });
 * // [{ field: 'name', transforms: ['lowercase'] }] when the first weighted matchkey compares lower-cased name first
 */
export function secondaryKey(matchkeys: readonly Matchkey[], key: Pick<BlockingKey, 'fields'>): FieldRef[] {
  const inKey = new Set(key.fields.map((f) => f.field));
  for (const mk of matchkeys) {
    if (mk.type === 'exact') continue;
    for (const f of mk.fields) {
      if (!inKey.has(f.field)) return [{ field: f.field, transforms: [...f.transforms] }];
    }
  }
  return [];
}
