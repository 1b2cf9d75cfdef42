/** Pair lists on shared memory: a worker's result and every later hand-over between threads are then free, with no copy on the event loop. */
import type { PairList } from '../run.js';

/**
 * An empty-valued pair list of `count` pairs whose four arrays live on
 * SharedArrayBuffers. Why: a kept-pairs list can hold tens of millions of
 * pairs; a plain ArrayBuffer returned by a worker is copied into the main
 * thread by structured clone, and copied again when handed to the next
 * worker, each time stalling the event loop (and `/health`) for as long as a
 * few hundred megabytes take to copy.
 *
 * @example
 * const out = sharedPairList(3); out.a.buffer instanceof SharedArrayBuffer; // true
 */
export function sharedPairList(count: number): PairList {
  return {
    a: new Int32Array(new SharedArrayBuffer(4 * count)),
    b: new Int32Array(new SharedArrayBuffer(4 * count)),
    score: new Float64Array(new SharedArrayBuffer(8 * count)),
    flags: new Uint8Array(new SharedArrayBuffer(count)),
    count,
  };
}
