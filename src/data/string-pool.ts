/** Interned strings with reference counts: the one copy of each distinct value the changed rows hold, freed when the last holder lets go. */

import { withRoomFor } from './grow-array.js';
import { mix32, movesBack } from './linear-probing.js';

/** A free entry of the id table. */
const EMPTY = -1;
/** Entries of a fresh id table (a power of two); it doubles past three quarters full. */
const INITIAL_ENTRIES = 256;

/**
 * Strings by small integer id, each distinct value once. Holders take a
 * reference with {@link acquire} and give it back with {@link release};
 * a value without holders leaves the pool and its id is reused, so the pool
 * follows the values held now, not every value ever seen (a long-running
 * server's changes would otherwise pile up the history of its cells).
 * Value → id is an open-addressed table of ids (an Int32Array, probed by a
 * hash of the string's code units): a `Map` entry per value cost about 50
 * bytes of JS heap, an entry here 4 to 8 bytes, off it.
 *
 * @example
 * const pool = new StringPool();
 * const id = pool.acquire('smith'); // 0
 * pool.acquire('smith');            // 0 again, two holders
 * pool.at(id);                      // 'smith'
 * pool.release(id); pool.release(id); // gone; id 0 is free
 */
export class StringPool {
  private table = new Int32Array(INITIAL_ENTRIES).fill(EMPTY);
  private readonly strings: Array<string | undefined> = [];
  private counts = new Int32Array(64);
  private readonly free: number[] = [];
  private held = 0;

  /** Distinct values held now. */
  get size(): number {
    return this.held;
  }

  /**
   * The id of `value`, with one more holder.
   *
   * @example
   * pool.acquire('nsw');
   */
  acquire(value: string): number {
    const at = this.slot(value);
    let id = this.table[at];
    if (id === EMPTY) {
      id = this.free.pop() ?? this.strings.length;
      if (id === this.strings.length) this.strings.push(value);
      else this.strings[id] = value;
      this.counts = withRoomFor(this.counts, id);
      this.table[at] = id;
      if (++this.held * 4 > this.table.length * 3) this.rehash(this.table.length * 2);
    }
    this.counts[id]++;
    return id;
  }

  /**
   * The id of `value` if the pool holds it, else −1 (no holder is added).
   *
   * @example
   * pool.idOf('never seen'); // -1
   */
  idOf(value: string): number {
    return this.table[this.slot(value)];
  }

  /**
   * Gives back one holder of `id`; the value leaves the pool with its last.
   *
   * @example
   * pool.release(id);
   */
  release(id: number): void {
    if (--this.counts[id] > 0) return;
    this.remove(this.slot(this.strings[id] as string));
    this.strings[id] = undefined;
    this.free.push(id);
    this.held--;
  }

  /**
   * The value of a held id.
   *
   * @example
   * pool.at(pool.acquire('x')); // 'x'
   */
  at(id: number): string {
    return this.strings[id] as string;
  }

  /** The entry holding `value`'s id, or the empty entry where it would go. */
  private slot(value: string): number {
    const mask = this.table.length - 1;
    let i = hashString(value) & mask;
    for (let id = this.table[i]; id !== EMPTY && this.strings[id] !== value; id = this.table[i]) i = (i + 1) & mask;
    return i;
  }

  /** Empties entry `i` and moves later entries of its run back (linear probing without tombstones). */
  private remove(i: number): void {
    const { table } = this;
    const mask = table.length - 1;
    let hole = i;
    for (let j = (i + 1) & mask; table[j] !== EMPTY; j = (j + 1) & mask) {
      if (!movesBack(hole, j, hashString(this.strings[table[j]] as string) & mask)) continue;
      table[hole] = table[j];
      hole = j;
    }
    table[hole] = EMPTY;
  }

  private rehash(size: number): void {
    const old = this.table;
    this.table = new Int32Array(size).fill(EMPTY);
    for (const id of old) if (id !== EMPTY) this.table[this.slot(this.strings[id] as string)] = id;
  }
}

/** FNV-1a over a string's UTF-16 code units, finalised. */
function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
  return mix32(h);
}
