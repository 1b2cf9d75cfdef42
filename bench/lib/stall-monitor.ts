/** Preloaded into `kindred serve` (`node --import`) by bench/startup-stalls.ts: records every stall of the main thread's event loop with the CPU time the main thread itself spent in it, so work on the event loop can be told from the machine's load. */
import { readFileSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

/**
 * One stall: the event loop did not run a 5 ms timer for `gap_ms`; the main
 * thread was on a CPU for `cpu_ms` of it (10 ms resolution, from
 * /proc/self/task/<pid>/stat). A stall with little CPU is the thread waiting
 * for a core (other processes' load) or for I/O; one with much CPU is work
 * done on the event loop.
 *
 * @example
 * const s: Stall = { at_ms: 14_200, gap_ms: 210, cpu_ms: 190 };
 */
export interface Stall {
  /** When it began, in ms after the process started. */
  at_ms: number;
  gap_ms: number;
  cpu_ms: number;
}

/**
 * What the monitor writes at exit to the file named by `KINDRED_STALL_LOG`.
 *
 * @example
 * const log: StallLog = JSON.parse(readFileSync(file, 'utf8'));
 */
export interface StallLog {
  /** When `listening on` was written (ms after start), or null. */
  bound_ms: number | null;
  /** When SIGTERM arrived (the end of what was measured), or null. */
  stopped_ms: number | null;
  /** Gaps over 40 ms from start-up to SIGTERM; one that spans binding is counted from binding on. */
  stalls: Stall[];
  /** `monitorEventLoopDelay` (5 ms resolution) over the same span. */
  delay_p99_ms: number;
  delay_max_ms: number;
}

const TICK_MS = 5;
const RECORD_OVER_MS = 40;

function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks (100 Hz).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const logFile = process.env.KINDRED_STALL_LOG;
if (isMainThread && logFile !== undefined && process.platform === 'linux') {
  const t0 = performance.now();
  const histogram = monitorEventLoopDelay({ resolution: TICK_MS });
  histogram.enable();
  const log: StallLog = { bound_ms: null, stopped_ms: null, stalls: [], delay_p99_ms: 0, delay_max_ms: 0 };
  let last = t0;
  let lastCpu = mainThreadCpuMs();
  // A stall that spans binding counts from binding on: what came before (loading the code) no probe can see.
  const bind = (): void => {
    log.bound_ms = Math.round(performance.now() - t0);
    last = performance.now();
    lastCpu = mainThreadCpuMs();
  };
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = mainThreadCpuMs();
    if (now - last > RECORD_OVER_MS && log.stopped_ms === null) log.stalls.push({ at_ms: Math.round(last - t0), gap_ms: Math.round(now - last), cpu_ms: cpu - lastCpu });
    last = now;
    lastCpu = cpu;
  }, TICK_MS);
  timer.unref();
  const write = process.stderr.write.bind(process.stderr) as (chunk: unknown, ...rest: unknown[]) => boolean;
  process.stderr.write = ((chunk: unknown, ...rest: unknown[]): boolean => {
    if (log.bound_ms === null && String(chunk).includes('listening on')) bind();
    return write(chunk, ...rest);
  }) as typeof process.stderr.write;
  process.prependListener('SIGTERM', () => {
    log.stopped_ms = Math.round(performance.now() - t0);
    histogram.disable();
  });
  process.on('exit', () => {
    log.delay_p99_ms = histogram.percentile(99) / 1e6;
    log.delay_max_ms = histogram.max / 1e6;
    writeFileSync(logFile, JSON.stringify(log));
  });
}
