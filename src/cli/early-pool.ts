/** The worker pool of `dedupe`, started before the command's modules load: its threads boot while the main thread is still loading modules and the configuration, instead of after. */
import type { WorkerPool } from '../engine/worker-pool.js';

/** A pool started early, with the `--workers` it was started for; null when none is waiting. */
let early: { workers: number | undefined; pool: Promise<WorkerPool> } | null = null;

/**
 * The `--workers` of a command line as the command will read it: a number,
 * undefined when absent, or null when it cannot be told this early (a value
 * the command will refuse, or given twice): then nothing starts early and
 * the command reports the problem as it always did.
 *
 * @example
 * workersArgument(['--file', 'a.csv', '--workers', '2']); // 2
 * workersArgument(['--workers=x']);                        // null
 */
export function workersArgument(argv: readonly string[]): number | undefined | null {
  let value: string | undefined;
  let seen = 0;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') break;
    if (a === '--workers') {
      value = argv[i + 1];
      seen++;
      i++;
    } else if (a.startsWith('--workers=')) {
      value = a.slice('--workers='.length);
      seen++;
    }
  }
  if (seen === 0) return undefined;
  if (seen > 1 || value === undefined || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/**
 * Starts `dedupe`'s worker pool now, when its command line asks for the
 * pool engine (no `--engine`, no `--help`) and says how many workers. The
 * threads take about 0.3 s of CPU each to boot; started here they boot
 * while this thread loads the command's modules and parses the
 * configuration, where before the first parse task waited for them.
 *
 * @example
 * startEarlyPool('dedupe', process.argv.slice(3)); // then the command takes it with takeEarlyPool
 */
export function startEarlyPool(command: string, argv: readonly string[]): void {
  if (command !== 'dedupe' || early !== null) return;
  if (argv.some((a) => a === '--help' || a === '-h' || a === '--engine' || a.startsWith('--engine='))) return;
  const workers = workersArgument(argv);
  if (workers === null) return;
  early = { workers, pool: import('../engine/worker-pool.js').then((m) => new m.WorkerPool({ workers })) };
}

/**
 * The pool started early for `workers`, now the caller's to close; null
 * when none was started (or for another size).
 *
 * @example
 * const pool = (await takeEarlyPool(workers)) ?? new WorkerPool({ workers });
 */
export async function takeEarlyPool(workers: number | undefined): Promise<WorkerPool | null> {
  if (early === null || early.workers !== workers) return null;
  const { pool } = early;
  early = null;
  return pool;
}

/**
 * Closes a pool started early that no command took (the command failed
 * before it needed one): its threads would otherwise keep the process alive.
 *
 * @example
 * await closeEarlyPool(); // in main, after the command returns or throws
 */
export async function closeEarlyPool(): Promise<void> {
  if (early === null) return;
  const { pool } = early;
  early = null;
  await (await pool).close();
}
