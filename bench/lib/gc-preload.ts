/** Preloaded into `kindred serve` (`node --import`) by the living-data benchmark: on SIGUSR2 the main thread runs a full garbage collection and says so on stderr, so its resident memory can be read after a GC. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { isMainThread } from 'node:worker_threads';

/**
 * The stderr line written after each collection (the benchmark waits for it).
 *
 * @example
 * server.stderr().split(GC_DONE_LINE).length - 1; // collections so far
 */
export const GC_DONE_LINE = 'kindred-bench: gc done\n';

/**
 * The prefix of the line with `process.memoryUsage()` after each collection (JSON follows).
 *
 * @example
 * JSON.parse(line.slice(MEMORY_LINE.length)).heapUsed;
 */
export const MEMORY_LINE = 'kindred-bench: memory ';

// Worker threads inherit --import; only the main thread (the one the signal reaches) installs the handler.
if (isMainThread) {
  // Not `node --expose-gc`: worker threads inherit node's flags and the pool refuses that one.
  // Set at run time, the flag exposes gc() in contexts made after it, so one is made to fetch it.
  setFlagsFromString('--expose-gc');
  const collect: unknown = runInNewContext('gc');
  process.on('SIGUSR2', () => {
    if (typeof collect === 'function') collect();
    // The main thread's heap after the collection, so a difference in RSS can be placed.
    process.stderr.write(`${MEMORY_LINE}${JSON.stringify(process.memoryUsage())}\n`);
    // Written even without a gc(), so the benchmark never waits in vain.
    process.stderr.write(GC_DONE_LINE);
  });
}
