/** Interned strings with reference counts: the one copy of each distinct value the changed rows hold, freed when the last holder lets go. */

/**
 * Strings by small integer id, each distinct value once. Holders take a
 * reference with {@link acquire} and give it back with {@link release};
 * a value without holders leaves the pool and its id is reused, so the pool
 * follows the values held now, not every value ever seen (a long-running
 * server's changes would otherwise pile up the history of its cells).
 *
 * @example
 * const pool = new StringPool();
 * const id = pool.acquire('smith'); // 0
 * pool.acquire('smith');            // 0 again, two holders
 * pool.at(id);                      // 'smith'
 * pool.release(id); pool.release(id); // gone; id 0 is free
 */
export class StringPool {
  private readonly ids = new Map<string, number>();
  private readonly strings: Array<string | undefined> = [];
  private counts = new Int32Array(64);
  private readonly free: number[] = [];

  /** Distinct values held now. */
  get size(): number {
    return this.ids.size;
  }

  /**
   * The id of `value`, with one more holder.
   *
   * @example
   * pool.acquire('nsw');
   */
  acquire(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.free.pop() ?? this.strings.length;
      if (id === this.strings.length) this.strings.push(value);
      else this.strings[id] = value;
      if (id >= this.counts.length) {
        const grown = new Int32Array(this.counts.length * 2);
        grown.set(this.counts);
        this.counts = grown;
      }
      this.ids.set(value, id);
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
    return this.ids.get(value) ?? -1;
  }

  /**
   * Gives back one holder of `id`; the value leaves the pool with its last.
   *
   * @example
   * pool.release(id);
   */
  release(id: number): void {
    if (--this.counts[id] > 0) return;
    this.ids.delete(this.strings[id] as string);
    this.strings[id] = undefined;
    this.free.push(id);
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
}
