/** Undirected scored edges of changed rows packed in typed arrays: per-row linked lists of (neighbour, score, flags) records in one arena, freed records reused. */
import { withRoomFor } from '../../data/grow-array.js';

/** Records in a fresh arena; it doubles when full. */
const INITIAL_RECORDS = 1024;
/** No record: the end of a row's list, or a row without edges. */
const NONE = -1;

/**
 * An undirected graph of scored edges over row ids, each edge stored once
 * per end as a record (neighbour, score, flags, next) in one arena of typed
 * arrays; a row's records are a linked list from `head[row]`. It replaces a
 * `Map` of neighbours per row: a small JS `Map` costs some 300 bytes before
 * its first entry, a record here 21 bytes, off the JS heap. Removed records
 * go to a free list and are reused, so the arena never needs compacting;
 * lookups walk a row's list, which is its degree long (changed rows have
 * few neighbours; a row's list is walked whole when it is replaced anyway).
 *
 * @example
 * const adj = new PackedAdjacency();
 * adj.link(3, 7, 0.93, 0x80);
 * adj.score(7, 3); // 0.93
 * adj.unlinkAll(3); // 1 edge removed
 */
export class PackedAdjacency {
  /** Row → its first record (NONE: no edges); grows by doubling to the largest row seen. */
  private head = new Int32Array(0);
  private owner = new Int32Array(INITIAL_RECORDS);
  private neighbour = new Int32Array(INITIAL_RECORDS);
  private next = new Int32Array(INITIAL_RECORDS);
  private scores = new Float64Array(INITIAL_RECORDS);
  private flagBytes = new Uint8Array(INITIAL_RECORDS);
  /** Records ever handed out (the arena's high-water mark). */
  private top = 0;
  /** First free record (a list through `next`). */
  private free = NONE;
  private edges = 0;

  /** Edges in the graph (each counted once). */
  get edgeCount(): number {
    return this.edges;
  }

  /**
   * Records ever in use at once (the arena's high-water mark): what the
   * graph's memory follows, as freed records are reused.
   *
   * @example
   * adj.recordsInUseAtMost; // 2 × the most edges held at once
   */
  get recordsInUseAtMost(): number {
    return this.top;
  }

  /**
   * Adds the edge a–b, or replaces its score and flags when it is there.
   *
   * @example
   * adj.link(1, 2, 0.8, 0);
   */
  link(a: number, b: number, score: number, flags: number): void {
    const at = this.find(a, b);
    if (at !== NONE) {
      this.scores[at] = score;
      this.flagBytes[at] = flags;
      this.scores[this.find(b, a)] = score;
      this.flagBytes[this.find(b, a)] = flags;
      return;
    }
    this.push(a, b, score, flags);
    this.push(b, a, score, flags);
    this.edges++;
  }

  /**
   * Removes every edge of `row` (at both ends); returns how many there were.
   *
   * @example
   * adj.unlinkAll(3); // 0 when row 3 had none
   */
  unlinkAll(row: number): number {
    if (row >= this.head.length) return 0;
    let removed = 0;
    let r = this.head[row];
    while (r !== NONE) {
      const after = this.next[r];
      this.remove(this.neighbour[r], row);
      this.release(r);
      removed++;
      r = after;
    }
    this.head[row] = NONE;
    this.edges -= removed;
    return removed;
  }

  /**
   * The score of the edge a–b, or undefined when there is none.
   *
   * @example
   * adj.score(3, 7); // 0.93
   */
  score(a: number, b: number): number | undefined {
    const at = this.find(a, b);
    return at === NONE ? undefined : this.scores[at];
  }

  /**
   * The flags of the edge a–b, or undefined when there is none.
   *
   * @example
   * adj.flags(3, 7); // 0x80
   */
  flags(a: number, b: number): number | undefined {
    const at = this.find(a, b);
    return at === NONE ? undefined : this.flagBytes[at];
  }

  /**
   * Whether `row` has any edge.
   *
   * @example
   * adj.hasEdges(3); // true
   */
  hasEdges(row: number): boolean {
    return row < this.head.length && this.head[row] !== NONE;
  }

  /**
   * Calls `visit` for each edge of `row` (no order promised).
   *
   * @example
   * adj.forEachNeighbour(3, (v, score, flags) => console.log(v, score, flags));
   */
  forEachNeighbour(row: number, visit: (neighbour: number, score: number, flags: number) => void): void {
    if (row >= this.head.length) return;
    for (let r = this.head[row]; r !== NONE; r = this.next[r]) visit(this.neighbour[r], this.scores[r], this.flagBytes[r]);
  }

  /**
   * Calls `visit` once for each edge (a < b), in no promised order: a walk
   * of the arena, O(records ever live at once), not of every row id.
   *
   * @example
   * adj.forEachEdge((a, b, score, flags) => console.log(a, b, score, flags));
   */
  forEachEdge(visit: (a: number, b: number, score: number, flags: number) => void): void {
    for (let r = 0; r < this.top; r++) {
      const a = this.owner[r];
      if (a !== NONE && a < this.neighbour[r]) visit(a, this.neighbour[r], this.scores[r], this.flagBytes[r]);
    }
  }

  /** The record of the edge row → neighbour, or NONE. */
  private find(row: number, neighbour: number): number {
    if (row >= this.head.length) return NONE;
    for (let r = this.head[row]; r !== NONE; r = this.next[r]) if (this.neighbour[r] === neighbour) return r;
    return NONE;
  }

  /** Unlinks and frees the record row → neighbour (it is there: edges are stored at both ends). */
  private remove(row: number, neighbour: number): void {
    let prev = NONE;
    for (let r = this.head[row]; r !== NONE; prev = r, r = this.next[r]) {
      if (this.neighbour[r] !== neighbour) continue;
      if (prev === NONE) this.head[row] = this.next[r];
      else this.next[prev] = this.next[r];
      this.release(r);
      return;
    }
  }

  private push(row: number, neighbour: number, score: number, flags: number): void {
    this.ensureRow(row);
    const r = this.take();
    this.owner[r] = row;
    this.neighbour[r] = neighbour;
    this.scores[r] = score;
    this.flagBytes[r] = flags;
    this.next[r] = this.head[row];
    this.head[row] = r;
  }

  private release(r: number): void {
    this.owner[r] = NONE;
    this.next[r] = this.free;
    this.free = r;
  }

  private take(): number {
    if (this.free !== NONE) {
      const r = this.free;
      this.free = this.next[r];
      return r;
    }
    if (this.top === this.owner.length) this.growArena();
    return this.top++;
  }

  private growArena(): void {
    const r = this.owner.length;
    this.owner = withRoomFor(this.owner, r);
    this.neighbour = withRoomFor(this.neighbour, r);
    this.next = withRoomFor(this.next, r);
    this.scores = withRoomFor(this.scores, r);
    this.flagBytes = withRoomFor(this.flagBytes, r);
  }

  private ensureRow(row: number): void {
    this.head = withRoomFor(this.head, row, NONE);
  }
}
