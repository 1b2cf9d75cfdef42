/** A full garbage collection in a `kindred serve` child started with bench/lib/gc-preload: the node arguments that preload it, and the signal-and-wait that runs it. */
import { setTimeout as sleep } from 'node:timers/promises';
import { GC_DONE_LINE } from './gc-preload.js';
import type { ServeProcess } from './serve-process.js';

/**
 * Node arguments for `spawnServe` that let the benchmark trigger a GC in the server's main thread.
 *
 * @example
 * const server = spawnServe(CLI, args, REPO_ROOT, GC_NODE_ARGS);
 */
export const GC_NODE_ARGS: readonly string[] = ['--import', new URL('./gc-preload.js', import.meta.url).href];

function collections(server: ServeProcess): number {
  return server.stderr().split(GC_DONE_LINE).length - 1;
}

/**
 * Sends SIGUSR2 and resolves once the server has written that it collected
 * (or rejects after `timeoutMs`). Only the main thread's heap is collected:
 * the worker threads' heaps are their own, and their tables sit in shared
 * memory no GC frees.
 *
 * @example
 * await collectServerGarbage(server);
 * residentBytes(server.child.pid ?? 0);
 */
export async function collectServerGarbage(server: ServeProcess, timeoutMs = 30_000): Promise<void> {
  const before = collections(server);
  server.child.kill('SIGUSR2');
  const deadline = performance.now() + timeoutMs;
  while (collections(server) === before) {
    if (performance.now() > deadline) throw new Error(`no GC after ${timeoutMs} ms (was the server started with GC_NODE_ARGS?)`);
    await sleep(20);
  }
}
