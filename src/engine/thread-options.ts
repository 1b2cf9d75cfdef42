/** The Node flags kindred's threads start with: the parent's flags a worker thread accepts. */
import { Worker } from 'node:worker_threads';

/**
 * The flags of a thread started from a process run with `parentArgv`
 * (`process.execArgv`). A worker thread refuses V8 flags
 * (`ERR_WORKER_INVALID_EXEC_ARGV`): `node --max-old-space-size=8192 kindred
 * dedupe …`, the usual way to give a large run more heap, crashed every
 * command at its first pool. V8's flags are process-wide, so the threads
 * get the heap the user asked for without them; the flags a thread takes
 * (`--enable-source-maps`, `--import x`) are passed on. `accepts` tells
 * whether a thread takes some flags (default: ask Node, which checks them
 * when a thread is constructed; each answer is kept).
 *
 * @example
 * threadArgv(['--max-old-space-size=8192', '--enable-source-maps']); // ['--enable-source-maps']
 */
export function threadArgv(parentArgv: readonly string[], accepts: (flags: readonly string[]) => boolean = threadAccepts): string[] {
  // A flag and the values written after it (`--import tsx`) stand or fall together.
  const units: string[][] = [];
  for (const arg of parentArgv) {
    if (arg.startsWith('-') || units.length === 0) units.push([arg]);
    else units[units.length - 1].push(arg);
  }
  const all = units.flat();
  // One question in the usual case (no flags, or flags a thread takes); one per flag only when some are refused.
  return all.length === 0 || accepts(all) ? all : units.filter((u) => accepts(u)).flat();
}

let ownArgv: string[] | null = null;

/**
 * {@link threadArgv} of this process, worked out when a thread is first
 * started (a command that never starts one asks nothing).
 *
 * @example
 * new Worker(file, { execArgv: processThreadArgv() });
 */
export function processThreadArgv(): string[] {
  ownArgv ??= threadArgv(process.execArgv);
  return [...ownArgv];
}

const verdicts = new Map<string, boolean>();

/**
 * Whether a worker thread starts with `flags`. Node checks a thread's flags
 * in its constructor; a thread it accepts is terminated at once (a preload
 * among the flags may start in it, and its failure is not ours to report).
 */
function threadAccepts(flags: readonly string[]): boolean {
  const key = flags.join('\u0000');
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    try {
      const probe = new Worker('', { eval: true, execArgv: [...flags], stdout: true, stderr: true });
      probe.on('error', () => undefined);
      probe.unref();
      void probe.terminate();
      verdict = true;
    } catch {
      verdict = false;
    }
    verdicts.set(key, verdict);
  }
  return verdict;
}
