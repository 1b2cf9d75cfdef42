/** The Node flags and heap limits kindred's threads start with: the parent's flags a worker thread accepts, heap sizes carried as resource limits. */
import { Worker, type ResourceLimits } from 'node:worker_threads';

/** What a worker thread is constructed with. */
export interface ThreadOptions {
  execArgv: string[];
  resourceLimits: ResourceLimits;
}

/** Heap-size flags a worker cannot take as flags, and the resource limit that says the same (MiB). */
const HEAP_FLAGS: ReadonlyArray<{ flag: string; limit: keyof ResourceLimits; perMiB: number }> = [
  { flag: '--max-old-space-size', limit: 'maxOldGenerationSizeMb', perMiB: 1 },
  // V8's young generation is two semi-spaces and a new large-object space of the same size.
  { flag: '--max-semi-space-size', limit: 'maxYoungGenerationSizeMb', perMiB: 3 },
];

/**
 * The options of a thread started from a process run with `parentArgv`
 * (`process.execArgv`). A worker thread refuses V8 flags
 * (`ERR_WORKER_INVALID_EXEC_ARGV`): `node --max-old-space-size=8192 kindred
 * dedupe …`, the usual way to give a large run more heap, crashed every
 * command at its first pool. Heap sizes become the thread's resource
 * limits instead, so each thread gets what the user asked of the process;
 * any other flag a thread refuses (`--expose-gc`, `--stack-size`) stays
 * with the main thread only. `accepts` tells whether a thread takes some
 * flags (default: ask Node, which checks them when a thread is
 * constructed; each answer is kept).
 *
 * @example
 * threadOptions(['--max-old-space-size=8192', '--enable-source-maps']);
 * // { execArgv: ['--enable-source-maps'], resourceLimits: { maxOldGenerationSizeMb: 8192 } }
 */
export function threadOptions(parentArgv: readonly string[], accepts: (flags: readonly string[]) => boolean = threadAccepts): ThreadOptions {
  const resourceLimits: ResourceLimits = {};
  // A flag and the values written after it (`--import tsx`) stand or fall together.
  const units: string[][] = [];
  for (const arg of parentArgv) {
    // V8 takes its flags with dashes or underscores alike.
    const name = arg.includes('=') ? arg.slice(0, arg.indexOf('=')).replaceAll('_', '-') : null;
    const heap = HEAP_FLAGS.find((h) => h.flag === name);
    if (heap !== undefined) {
      const mib = Number(arg.slice(arg.indexOf('=') + 1));
      if (Number.isFinite(mib) && mib > 0) resourceLimits[heap.limit] = mib * heap.perMiB;
      units.push([]);
    } else if (arg.startsWith('-') || units.length === 0) units.push([arg]);
    else units[units.length - 1].push(arg);
  }
  const all = units.flat();
  // One question in the usual case (no flags, or flags a thread takes); one per flag only when some are refused.
  const execArgv = all.length === 0 || accepts(all) ? all : units.filter((u) => u.length > 0 && accepts(u)).flat();
  return { execArgv, resourceLimits };
}

const verdicts = new Map<string, boolean>();

/** Whether a worker thread starts with `flags`: Node checks a thread's flags when it is constructed, before the thread runs any code. */
function threadAccepts(flags: readonly string[]): boolean {
  const key = flags.join('\u0000');
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    try {
      const probe = new Worker('', { eval: true, execArgv: [...flags], stdout: true, stderr: true });
      void probe.terminate();
      verdict = true;
    } catch (e) {
      if ((e as { code?: string }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw e;
      verdict = false;
    }
    verdicts.set(key, verdict);
  }
  return verdict;
}
