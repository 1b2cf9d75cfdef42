/** The hash table of a block pass from key tuple (dictionary ids) to a row holding it, so /match finds a record's block in O(1) instead of a binary search over every group. */

/** Empty slot marker (row ids are ≥ 0). */
const EMPTY = -1;

/** One step of the tuple hash: mixes one id into the running state. */
function mix(h: number, id: number): number {
  h = Math.imul(h ^ id, 0xcc9e2d51);
  return (h << 15) | (h >>> 17);
}

/** Final avalanche (murmur3's fmix32), so low bits, which pick the slot, depend on every id. */
function avalanche(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The hash of a key tuple of dictionary ids: the same number for a row's
 * ids (while building) and for a query's ids (while looking up).
 *
 * @example
 * hashIdTuple([17, 3]) === hashIdTuple(Int32Array.of(17, 3)); // true
 */
export function hashIdTuple(tuple: ArrayLike<number>): number {
  let h = 0x9747b28c;
  for (let f = 0; f < tuple.length; f++) h = mix(h, tuple[f]);
  return avalanche(h);
}

function hashRow(fields: readonly Int32Array[], row: number): number {
  let h = 0x9747b28c;
  for (let f = 0; f < fields.length; f++) h = mix(h, fields[f][row]);
  return avalanche(h);
}

function sameKey(fields: readonly Int32Array[], x: number, y: number): boolean {
  for (let f = 0; f < fields.length; f++) if (fields[f][x] !== fields[f][y]) return false;
  return true;
}

/**
 * Builds the table of a grouped pass (worker side, once per pass): for each
 * distinct key, the first row of its first group. The sub-blocks of a split
 * block share their key and follow each other, so only the first is entered
 * (the lookup then searches the run by the secondary key). Linear probing
 * at a load of at most one half: 4 bytes per slot, under 8 MB at 700k keys,
 * and a miss rarely reads more than two or three slots of one cache line.
 *
 * @example
 * const table = buildKeyTable([zipIds], new Int32Array(order), new Int32Array(starts), groups);
 * findKeyRow(new Int32Array(table), [zipIds], [zipIdOf('10001')]); // a row of that block, or −1
 */
export function buildKeyTable(fields: readonly Int32Array[], order: Int32Array, starts: Int32Array, groups: number): SharedArrayBuffer {
  let size = 16;
  while (size < groups * 2) size *= 2;
  const buffer = new SharedArrayBuffer(4 * size);
  const table = new Int32Array(buffer).fill(EMPTY);
  const mask = size - 1;
  let previous = -1;
  for (let g = 0; g < groups; g++) {
    const row = order[starts[g]];
    if (previous >= 0 && sameKey(fields, row, previous)) continue;
    previous = row;
    let slot = hashRow(fields, row) & mask;
    while (table[slot] !== EMPTY) slot = (slot + 1) & mask;
    table[slot] = row;
  }
  return buffer;
}

/**
 * Worker task: the key table of one built block pass, when its run is
 * served (about 0.15 s at a million groups, which the event loop must not spend).
 *
 * @example
 * const table = await pool.run('buildPassKeyTable', { fieldIds: dicts.map((d) => d.handle.ids), order: handle.order, starts: handle.starts, groups: handle.groups });
 */
export function buildPassKeyTable(task: { fieldIds: SharedArrayBuffer[]; order: SharedArrayBuffer; starts: SharedArrayBuffer; groups: number }): SharedArrayBuffer {
  return buildKeyTable(
    task.fieldIds.map((b) => new Int32Array(b)),
    new Int32Array(task.order),
    new Int32Array(task.starts),
    task.groups,
  );
}

/**
 * A row whose key tuple equals `tuple` (the row the table holds for that
 * key), or −1 when no row of the pass holds it.
 *
 * @example
 * const row = findKeyRow(table, keyIds, [12, 4]);
 * if (row >= 0) blockOf[row]; // the block (first sub-block, when split) with that key
 */
export function findKeyRow(table: Int32Array, fields: readonly Int32Array[], tuple: readonly number[]): number {
  return probeKeyRow(table, fields, tuple, hashIdTuple(tuple) & (table.length - 1));
}

/** {@link findKeyRow} from the tuple's first slot `slot` (already hashed by the caller). */
function probeKeyRow(table: Int32Array, fields: readonly Int32Array[], tuple: readonly number[], slot: number): number {
  const mask = table.length - 1;
  for (;;) {
    const row = table[slot];
    if (row === EMPTY) return -1;
    let same = true;
    for (let f = 0; f < fields.length; f++) {
      if (fields[f][row] !== tuple[f]) {
        same = false;
        break;
      }
    }
    if (same) return row;
    slot = (slot + 1) & mask;
  }
}

/**
 * {@link findKeyRow} for several passes at once (`tuples[i]` in `tables[i]`;
 * a null tuple or table gives −1). Every pass's first slot, then the key of
 * the row it holds, is read before any is compared: each read misses the
 * cache at a million rows, and misses that do not wait on one another
 * overlap instead of queueing.
 *
 * @example
 * findKeyRows([tableA, tableB], [[zipIds], [surnameIds, dobIds]], [[12], null]); // Int32Array [row, −1]
 */
export function findKeyRows(
  tables: ReadonlyArray<Int32Array | null>,
  fields: ReadonlyArray<readonly Int32Array[]>,
  tuples: ReadonlyArray<readonly number[] | null>,
): Int32Array {
  const n = tables.length;
  const slots = new Int32Array(n).fill(-1);
  let touched = 0;
  for (let i = 0; i < n; i++) {
    const table = tables[i];
    const tuple = tuples[i];
    if (table === null || tuple === null) continue;
    slots[i] = hashIdTuple(tuple) & (table.length - 1);
    touched ^= table[slots[i]];
  }
  for (let i = 0; i < n; i++) {
    const row = slots[i] < 0 ? EMPTY : (tables[i] as Int32Array)[slots[i]];
    if (row !== EMPTY) for (const ids of fields[i]) touched ^= ids[row];
  }
  const rows = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (slots[i] >= 0) rows[i] = probeKeyRow(tables[i] as Int32Array, fields[i], tuples[i] as readonly number[], slots[i]);
  }
  warmed.sum = touched;
  return rows;
}

/** A checksum of the warming reads, kept so the optimiser cannot drop them as unused. */
const warmed = { sum: 0 };
