/** A full garbage collection in a `kindred serve` child started with bench/lib/gc-preload: the node arguments that preload it, and the signal-and-wait that runs it. */
import { setTimeout as sleep } from 'node:timers/promises';
import { GC_DONE_LINE, MEMORY_LINE } from './gc-preload.js';
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
 * The main thread's `process.memoryUsage()` after a collection, in bytes.
 *
 * @example
 * const m: MainThreadMemory = { rss: 2e9, heapTotal: 3e8, heapUsed: 2.5e8, external: 9e8, arrayBuffers: 8.9e8 };
 */
export interface MainThreadMemory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  /** Memory of C++ objects bound to JavaScript: Buffers and (shared) array buffers, SQLite's not included. */
  external: number;
  arrayBuffers: number;
}

/**
 * Sends SIGUSR2 and resolves, once the server has written that it collected
 * (or rejects after `timeoutMs`), with its main thread's memory after the
 * collection (null if the line could not be read). Only the main thread's
 * heap is collected: the worker threads' heaps are their own, and their
 * tables sit in shared memory no GC frees.
 *
 * @example
 * const heap = await collectServerGarbage(server);
 * residentBytes(server.child.pid ?? 0);
 */
export async function collectServerGarbage(server: ServeProcess, timeoutMs = 30_000): Promise<MainThreadMemory | null> {
  const before = collections(server);
  server.child.kill('SIGUSR2');
  const deadline = performance.now() + timeoutMs;
  while (collections(server) === before) {
    if (performance.now() > deadline) throw new Error(`no GC after ${timeoutMs} ms (was the server started with GC_NODE_ARGS?)`);
    await sleep(20);
  }
  const text = server.stderr();
  const at = text.lastIndexOf(MEMORY_LINE);
  if (at < 0) return null;
  try {
    return JSON.parse(text.slice(at + MEMORY_LINE.length, text.indexOf('\n', at))) as MainThreadMemory;
  } catch {
    return null;
  }
}
