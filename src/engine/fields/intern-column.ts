/** Dictionary-encodes one column's cells by their bytes: each row's value id, in order of first occurrence, with each value's first bytes and row count. */
import { withRoomFor } from '../../data/grow-array.js';
import { mix32 } from '../../data/linear-probing.js';

/** The distinct raw values of a column: each row's value id, each value's bytes (start, length) and its rows. */
export interface InternedColumn {
  /** In shared memory: the raw field's own ids (−1 for a missing cell), handed out without a copy. */
  rawIds: Int32Array;
  /** Where each value's bytes start in the column (its first row's cell). */
  idStart: Uint32Array;
  idLength: Int32Array;
  /** Rows per value id. */
  rawCounts: Int32Array;
  count: number;
}

/** Options of {@link internColumn}; tests shrink both to exercise the partitioned path on small columns. */
export interface InternOptions {
  /** Distinct values after which the rest of the column is interned by partitions (default 2^17). */
  directLimit?: number;
  /** log2 of the number of partitions (default 8). */
  partitionBits?: number;
  /** Try the table keyed by number for a column of digit strings (default true; tests compare both ways). */
  digits?: boolean;
}

// Measured on the 1M and 10M people files (per column, one thread): one
// table over the whole column ran as fast as partitions up to about 150k
// distinct values (its table, 16 bytes a value, still in a core's share of
// L3), and 2–3× slower beyond (surname, address, identity number at 10M
// rows), where nearly every lookup missed the cache twice: once in the
// table, once in the first occurrence's bytes far back in the column.
const DIRECT_LIMIT = 1 << 17;
const PARTITION_BITS = 8;

/**
 * Interns the cells of a column (bytes, per-row offsets, missing bitmap).
 * Ids follow first occurrence, whichever path runs; two cells get one id
 * exactly when their bytes are equal (hashes only narrow the comparisons).
 *
 * One hash table serves the column while it holds at most `directLimit`
 * values. A column of digit strings (identity numbers, dates, postcodes) is
 * keyed by each cell's number and length instead of its bytes
 * ({@link digitKey}). Past that, the rows left are split by hash into
 * partitions, with their bytes copied together, and each partition is
 * interned on its own: its table and its values' bytes stay in cache, where
 * one table over a column of millions of values missed it on nearly every
 * row.
 *
 * @example
 * const { rawIds, count } = internColumn(col.bytes, col.offsets, col.missing, store.rowCount);
 */
export function internColumn(bytes: Uint8Array, offsets: Uint32Array, missing: Uint8Array, n: number, options: InternOptions = {}): InternedColumn {
  const limit = options.directLimit ?? DIRECT_LIMIT;
  const direct = (options.digits !== false ? internDirect(bytes, offsets, missing, n, limit, true) : null) ?? (internDirect(bytes, offsets, missing, n, limit, false) as DirectPass);
  if (direct.next === n) return direct.column;
  return internPartitioned(bytes, offsets, missing, n, direct, options.partitionBits ?? PARTITION_BITS);
}

/** What the direct pass interned: rows before `next`, every value of them in `column`. */
interface DirectPass {
  column: InternedColumn;
  next: number;
}

const isMissing = (missing: Uint8Array, r: number): boolean => (missing[r >> 3] & (1 << (r & 7))) !== 0;

/**
 * Open addressing over FNV-1a hashes, the table growing with the distinct
 * values; each slot keeps its value's hash, so bytes are compared only when
 * the hashes agree. Stops after the row that brings the count past `limit`.
 *
 * `numbered`: the column is taken for digit strings (identity numbers,
 * dates, postcodes), each cell keyed by its {@link digitKey}, so a probe
 * compares two numbers instead of the cell's bytes with its first
 * occurrence far back in the column (the cache miss that made such columns
 * slow: dates 67–86 → 45–50 ms, postcodes 30–44 → 22–24 ms at 1M rows, one
 * thread). Same ids, first bytes and counts; null as soon as a cell is not
 * a digit string (the caller starts over on the bytes).
 */
function internDirect(bytes: Uint8Array, offsets: Uint32Array, missing: Uint8Array, n: number, limit: number, numbered: boolean): DirectPass | null {
  let size = 1 << 10;
  let mask = size - 1;
  let table = new Int32Array(size).fill(-1);
  let slotHash = new Int32Array(size);
  let idStart = new Uint32Array(1 << 9);
  let idLength = new Int32Array(1 << 9);
  let idHash = new Int32Array(1 << 9);
  let idKey = new Float64Array(numbered ? 1 << 9 : 0);
  let rawCounts = new Int32Array(1 << 9);
  const rawIds = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, n)));
  let count = 0;
  let r = 0;
  for (; r < n && count <= limit; r++) {
    if (isMissing(missing, r)) {
      rawIds[r] = -1;
      continue;
    }
    const s = offsets[r];
    const len = offsets[r + 1] - s;
    const key = numbered ? digitKey(bytes, s, s + len) : 0;
    if (key < 0) return null;
    let h: number;
    // As an Int32, the way the slots keep it.
    if (numbered) h = numberHash((key - len) / 16, len) | 0;
    else {
      h = fnv1a(bytes, s, s + len);
      h ^= h >>> 15;
    }
    let slot = h & mask;
    for (;;) {
      const id = table[slot];
      if (id === -1) {
        idStart = withRoomFor(idStart, count);
        idLength = withRoomFor(idLength, count);
        idHash = withRoomFor(idHash, count);
        rawCounts = withRoomFor(rawCounts, count);
        idStart[count] = s;
        idLength[count] = len;
        idHash[count] = h;
        if (numbered) {
          idKey = withRoomFor(idKey, count);
          idKey[count] = key;
        }
        rawCounts[count] = 1;
        table[slot] = count;
        slotHash[slot] = h;
        rawIds[r] = count++;
        // Kept at most half full; rebuilt from the stored hashes, no bytes re-read.
        if (count * 2 > size) {
          size *= 2;
          mask = size - 1;
          table = new Int32Array(size).fill(-1);
          slotHash = new Int32Array(size);
          for (let v = 0; v < count; v++) {
            let t = idHash[v] & mask;
            while (table[t] !== -1) t = (t + 1) & mask;
            table[t] = v;
            slotHash[t] = idHash[v];
          }
        }
        break;
      }
      if (slotHash[slot] === h && idLength[id] === len) {
        let same = numbered ? idKey[id] === key : true;
        if (!numbered) {
          const qs = idStart[id];
          for (let i = 0; same && i < len; i++) same = bytes[qs + i] === bytes[s + i];
        }
        if (same) {
          rawIds[r] = id;
          rawCounts[id]++;
          break;
        }
      }
      slot = (slot + 1) & mask;
    }
  }
  return { column: { rawIds, idStart, idLength, rawCounts, count }, next: r };
}

/** Most digits a cell may have in a numbered column: its number times 16, plus its length, stays an exact double. */
const MAX_DIGITS = 14;

/**
 * `number × 16 + length` of a cell of 1 to {@link MAX_DIGITS} ASCII digits,
 * exact in a double and equal for two cells exactly when their bytes are
 * (the length keeps leading zeros apart: `007` is not `7`); −1 for any
 * other cell.
 */
function digitKey(bytes: Uint8Array, s: number, e: number): number {
  if (e - s > MAX_DIGITS || e <= s) return -1;
  let value = 0;
  for (let p = s; p < e; p++) {
    const d = bytes[p] - 0x30;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value * 16 + (e - s);
}

/** A slot hash of a cell's number (below 10^14) and length: both halves of the number mixed by Murmur3's finaliser. */
function numberHash(value: number, len: number): number {
  const high = (value / 4294967296) >>> 0;
  return mix32((value >>> 0) ^ Math.imul(high, 0x9e3779b1) ^ Math.imul(len, 0x85ebca6b));
}

/** FNV-1a of a byte range. */
function fnv1a(bytes: Uint8Array, s: number, e: number): number {
  let h = 0x811c9dc5;
  for (let p = s; p < e; p++) h = Math.imul(h ^ bytes[p], 0x01000193);
  return h;
}

/** FNV-1a of a byte range, spread by Murmur3's finaliser: its top bits pick the partition, its low bits the slot. */
function mixedHash(bytes: Uint8Array, s: number, e: number): number {
  return mix32(fnv1a(bytes, s, e));
}

/**
 * Interns rows `direct.next…n` by partitions, the values the direct pass
 * found going first as seeds, so they keep their ids and their counts grow.
 *
 * 1. Each element (seed or present row) is hashed and counted per partition.
 * 2. Elements are laid out partition by partition, seeds first and rows in
 *    order, each with its bytes copied into one buffer in the same order.
 * 3. Each partition is interned with a small table; a value's first element
 *    in its partition is its first occurrence in the column.
 * 4. The new values are numbered after the seeds by their first row, which
 *    makes the ids those of one pass in row order.
 *
 * Each step's loop is a function of its own, and none is a closure made per
 * call: this function runs once or twice per worker, so V8 optimises its
 * loops by on-stack replacement, and one function holding every loop was
 * compiled whole again for each loop that got hot (and, through closures
 * new at each call, again on the next column): 13 compiles, 93 ms, in one
 * worker at tight 1M.
 */
function internPartitioned(bytes: Uint8Array, offsets: Uint32Array, missing: Uint8Array, n: number, direct: DirectPass, bits: number): InternedColumn {
  const seeds = direct.column;
  const seedCount = seeds.count;
  const from = direct.next;
  const parts = 1 << bits;
  // Two shifts, as JavaScript takes a shift count modulo 32 (bits may be 0).
  const shift = 31 - bits;
  // 1. Hash of each element (seeds 0…seedCount−1, then rows from `from`), which also names its partition.
  const hashOf = new Int32Array(seedCount + (n - from));
  const elementsIn = new Int32Array(parts + 1);
  const bytesIn = new Float64Array(parts + 1);
  const seedElements: Elements = { starts: seeds.idStart, lengths: seeds.idLength, missing: null, from: 0, to: seedCount, number: 0, seeds: true };
  const rowElements: Elements = { starts: offsets, lengths: null, missing, from, to: n, number: seedCount - from, seeds: false };
  hashElements(bytes, seedElements, shift, hashOf, elementsIn, bytesIn);
  hashElements(bytes, rowElements, shift, hashOf, elementsIn, bytesIn);
  for (let k = 0; k < parts; k++) {
    elementsIn[k + 1] += elementsIn[k];
    bytesIn[k + 1] += bytesIn[k];
  }
  // 2. Laid out by partition: [row or −1 − seed, hash, id (step 3)] per element, its start in `starts`, its bytes in `copied`.
  const present = elementsIn[parts];
  const layout: Layout = {
    laid: new Int32Array(3 * present),
    starts: new Uint32Array(present + 1),
    copied: new Uint8Array(Math.max(1, bytesIn[parts])),
    nextElement: elementsIn.slice(0, parts),
    nextByte: Uint32Array.from(bytesIn.subarray(0, parts)),
  };
  layElements(bytes, seedElements, shift, hashOf, layout);
  layElements(bytes, rowElements, shift, hashOf, layout);
  layout.starts[present] = bytesIn[parts];
  // 3. New values get provisional ids from seedCount up, with their first element and rows so far.
  const found: NewValues = { firstOf: new Int32Array(1024), rowsOf: new Int32Array(1024), table: new Int32Array(2 * 1024) };
  let fresh = 0;
  for (let k = 0; k < parts; k++) fresh = internPartition(layout, elementsIn[k], elementsIn[k + 1], seedCount, seeds.rawCounts, found, fresh);
  // 4. Number the new values by first row.
  return numberNewValues(offsets, n, from, seeds, layout.laid, present, found, fresh);
}

/** Where step 2 of {@link internPartitioned} lays each element: its triple, its bytes' start, its bytes, and each partition's next slots. */
interface Layout {
  laid: Int32Array;
  starts: Uint32Array;
  copied: Uint8Array;
  nextElement: Int32Array;
  nextByte: Uint32Array;
}

/** What step 3 of {@link internPartitioned} keeps across partitions: each new value's first element and rows, and the table it reuses. */
interface NewValues {
  firstOf: Int32Array;
  rowsOf: Int32Array;
  table: Int32Array;
}

/** The partition of a mixed hash: its top bits after the sign. */
const partitionOf = (h: number, shift: number): number => (h >>> 1) >>> shift;

/**
 * The elements of one kind, as steps 1 and 2 read them: the seeds (values
 * `from…to`, bytes at `starts[v]`, `lengths[v]` long) or the rows
 * `from…to` (bytes `starts[r] … starts[r + 1]`, missing ones skipped).
 * Element `i` is number `i + number` in `hashOf` and the layout.
 */
interface Elements {
  starts: Uint32Array;
  lengths: Int32Array | null;
  missing: Uint8Array | null;
  from: number;
  to: number;
  number: number;
  seeds: boolean;
}

/** Step 1 for one kind of element: its hash, and its partition's element and byte counts. */
function hashElements(bytes: Uint8Array, elements: Elements, shift: number, hashOf: Int32Array, elementsIn: Int32Array, bytesIn: Float64Array): void {
  const { starts, lengths, missing, from, to, number } = elements;
  for (let i = from; i < to; i++) {
    if (missing !== null && isMissing(missing, i)) continue;
    const s = starts[i];
    const e = lengths !== null ? s + lengths[i] : starts[i + 1];
    const h = mixedHash(bytes, s, e);
    hashOf[i + number] = h;
    const k = partitionOf(h, shift) + 1;
    elementsIn[k]++;
    bytesIn[k] += e - s;
  }
}

/** Step 2 for one kind of element: its triple and its bytes go to its partition's next slot; a seed's triple names it as −1 − seed. */
function layElements(bytes: Uint8Array, elements: Elements, shift: number, hashOf: Int32Array, layout: Layout): void {
  const { starts, lengths, missing, from, to, number, seeds } = elements;
  const { laid, copied, nextElement, nextByte } = layout;
  const starting = layout.starts;
  for (let i = from; i < to; i++) {
    if (missing !== null && isMissing(missing, i)) continue;
    const s = starts[i];
    const e = lengths !== null ? s + lengths[i] : starts[i + 1];
    const h = hashOf[i + number];
    const k = partitionOf(h, shift);
    const at = nextElement[k]++;
    let to8 = nextByte[k];
    starting[at] = to8;
    for (let p = s; p < e; p++) copied[to8++] = bytes[p];
    nextByte[k] = to8;
    laid[3 * at] = seeds ? -1 - i : i;
    laid[3 * at + 1] = h;
  }
}

/**
 * Step 3 for the elements `a…b` of one partition: slots of [hash, first
 * element + 1]; each element's id goes to `laid[3i + 2]` (a seed's own, or a
 * new value's provisional id), and the rows of each value are counted.
 */
function internPartition(layout: Layout, a: number, b: number, seedCount: number, seedRows: Int32Array, found: NewValues, freshBefore: number): number {
  const { laid, starts, copied } = layout;
  let { firstOf, rowsOf, table } = found;
  let fresh = freshBefore;
  let size = 1024;
  while (size < 2 * (b - a) && size < 1 << 16) size *= 2;
  if (table.length < 2 * size) found.table = table = new Int32Array(2 * size);
  else table.fill(0, 0, 2 * size);
  let mask = size - 1;
  let held = 0;
  for (let i = a; i < b; i++) {
    const h = laid[3 * i + 1];
    const s = starts[i];
    const len = starts[i + 1] - s;
    let slot = h & mask;
    for (;;) {
      const first1 = table[2 * slot + 1];
      if (first1 === 0) {
        table[2 * slot] = h;
        table[2 * slot + 1] = i + 1;
        const who = laid[3 * i];
        if (who < 0) {
          laid[3 * i + 2] = -1 - who;
        } else {
          if (fresh === firstOf.length) {
            found.firstOf = firstOf = withRoomFor(firstOf, fresh);
            found.rowsOf = rowsOf = withRoomFor(rowsOf, fresh);
          }
          firstOf[fresh] = i;
          rowsOf[fresh] = 1;
          laid[3 * i + 2] = seedCount + fresh++;
        }
        if (++held * 2 > size) {
          size *= 2;
          mask = size - 1;
          found.table = table = rehashed(table, size);
        }
        break;
      }
      if (table[2 * slot] === h) {
        const f = first1 - 1;
        const qs = starts[f];
        if (starts[f + 1] - qs === len) {
          let j = 0;
          while (j < len && copied[qs + j] === copied[s + j]) j++;
          if (j === len) {
            const id = laid[3 * f + 2];
            laid[3 * i + 2] = id;
            if (id < seedCount) seedRows[id]++;
            else rowsOf[id - seedCount]++;
            break;
          }
        }
      }
      slot = (slot + 1) & mask;
    }
  }
  // Only a number after the loop: a property written here had no type feedback when V8 optimised
  // the loop by on-stack replacement, and the optimised code left it on every call (256 a column).
  return fresh;
}

/** The old table's `size / 2` slots (each [hash, first element + 1], at the front of `table`), placed again in a new table of `size` slots. */
function rehashed(table: Int32Array, size: number): Int32Array {
  const mask = size - 1;
  const next = new Int32Array(2 * size);
  for (let o = 0; o < size; o += 2) {
    if (table[o + 1] === 0) continue;
    let t = table[o] & mask;
    while (next[2 * t + 1] !== 0) t = (t + 1) & mask;
    next[2 * t] = table[o];
    next[2 * t + 1] = table[o + 1];
  }
  return next;
}

/**
 * Step 4: the new values numbered after the seeds by their first row (each
 * first row marked in `rawIds`, not yet written past `from`, then swept in
 * row order), and every present row's final id written.
 */
function numberNewValues(offsets: Uint32Array, n: number, from: number, seeds: InternedColumn, laid: Int32Array, present: number, found: NewValues, fresh: number): InternedColumn {
  const { firstOf, rowsOf } = found;
  const seedCount = seeds.count;
  const count = seedCount + fresh;
  const rawIds = seeds.rawIds;
  rawIds.fill(-1, from, n);
  for (let c = 0; c < fresh; c++) rawIds[laid[3 * firstOf[c]]] = c;
  // The direct pass's arrays, made room in for the new values (count ≥ 1: the direct pass stopped past its limit).
  const idStart = withRoomFor(seeds.idStart, count - 1);
  const idLength = withRoomFor(seeds.idLength, count - 1);
  const rawCounts = withRoomFor(seeds.rawCounts, count - 1);
  const finalId = new Int32Array(Math.max(1, fresh));
  sweepFirstRows(offsets, n, from, rawIds, rowsOf, finalId, idStart, idLength, rawCounts, seedCount);
  writeFinalIds(laid, present, seedCount, finalId, rawIds);
  return { rawIds, idStart, idLength, rawCounts, count };
}

/** Step 4's sweep: each marked first row, in row order, gives its value the next id, its bytes and its rows; the mark is reset. */
function sweepFirstRows(
  offsets: Uint32Array,
  n: number,
  from: number,
  rawIds: Int32Array,
  rowsOf: Int32Array,
  finalId: Int32Array,
  idStart: Uint32Array,
  idLength: Int32Array,
  rawCounts: Int32Array,
  seedCount: number,
): void {
  let next = seedCount;
  for (let r = from; r < n; r++) {
    const c = rawIds[r];
    if (c < 0) continue;
    // Reset for the last loop, which writes every present row.
    rawIds[r] = -1;
    finalId[c] = next;
    idStart[next] = offsets[r];
    idLength[next] = offsets[r + 1] - offsets[r];
    rawCounts[next] = rowsOf[c];
    next++;
  }
}

/** Step 4's last loop: every present row's id, a seed's as it is, a new value's through `finalId`. */
function writeFinalIds(laid: Int32Array, present: number, seedCount: number, finalId: Int32Array, rawIds: Int32Array): void {
  for (let i = 0; i < present; i++) {
    const who = laid[3 * i];
    if (who < 0) continue;
    const id = laid[3 * i + 2];
    rawIds[who] = id < seedCount ? id : finalId[id - seedCount];
  }
}
