/** The row-major copy of a run's field ids that the score hot loop reads: which field each slot holds, and how a range of rows is filled. */
import type { Config } from '../../config/types.js';
import { KindredError } from '../../errors/registry.js';
import { fieldKey, type FieldHandle } from '../fields/field-dictionary.js';

/**
 * The field keys of a row record's slots, in slot order: the fields and the
 * negative-evidence fields of every matchkey, each key once, first seen
 * first. The scorer assigns its slots with this function, and the main
 * thread sizes the shared records with it, so both agree by construction.
 *
 * @example
 * rowRecordSlots(config); // ['given_name', 'surname', 'date_of_birth', ...]
 */
export function rowRecordSlots(config: Config): string[] {
  const keys = new Set<string>();
  for (const mk of config.matchkeys) {
    for (const f of mk.fields) keys.add(fieldKey(f.field, f.transforms));
    for (const f of mk.negative_evidence) keys.add(fieldKey(f.field, f.transforms));
  }
  return [...keys];
}

/**
 * The id buffers of the row records' slots, in {@link rowRecordSlots}
 * order, from a run's prepared field handles: what a fill task reads.
 *
 * @example
 * const slotIds = slotIdBuffers(config, prepared.handles()); // one shared ids buffer per slot
 */
export function slotIdBuffers(config: Config, fields: readonly FieldHandle[]): SharedArrayBuffer[] {
  const byKey = new Map(fields.map((h) => [h.key, h.ids]));
  return rowRecordSlots(config).map((key) => {
    const ids = byKey.get(key);
    if (ids === undefined) throw new KindredError('internal', `row records: field ${key} is not prepared`);
    return ids;
  });
}

/**
 * Writes rows `[from, to)` of the row records: `records[row * stride + slot]
 * = slotIds[slot][row]`, stride being the number of slots.
 *
 * @example
 * fillRecordRows(records, [givenIds, surnameIds], 0, rows);
 */
export function fillRecordRows(records: Int32Array, slotIds: readonly Int32Array[], from: number, to: number): void {
  const stride = slotIds.length;
  for (let f = 0; f < stride; f++) {
    const ids = slotIds[f];
    // Slot by slot: each source column is read in order, and the writes to
    // one record's slots land in the same few cache lines either way.
    for (let r = from, k = from * stride + f; r < to; r++, k += stride) records[k] = ids[r];
  }
}
