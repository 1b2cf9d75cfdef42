/** Runs a child process and measures it from spawn to exit: wall time, and peak resident memory through GNU time when it is installed. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The GNU time binary; its `%M` is the peak RSS in KiB of the process (all its threads). */
const GNU_TIME = '/usr/bin/time';

/** What a measured process did. */
export interface TimedRun {
  code: number | null;
  wallMs: number;
  /** Peak resident set size in bytes, or null when GNU time is not available. */
  peakRssBytes: number | null;
  stdout: string;
  stderr: string;
  /** True when the run was killed for exceeding its time limit. */
  timedOut: boolean;
}

/**
 * How peak memory is measured on this machine, for the report.
 *
 * @example
 * rssMethod(); // "/usr/bin/time -f %M (peak RSS of the process, all threads)"
 */
export function rssMethod(): string {
  return existsSync(GNU_TIME) ? `${GNU_TIME} -f %M (peak RSS of the process, all threads)` : 'not measured (GNU time not installed)';
}

/**
 * Spawns `command args...` in `cwd`, collects its output, and resolves with
 * the wall time from spawn to exit and the peak RSS. GNU time writes its
 * figure to a side file (`-o`), so the command's own stderr stays clean.
 * After `timeoutMs` the whole process group it started is killed. `env` is
 * the child's environment (default: this process's).
 *
 * @example
 * const r = await runTimed(process.execPath, ['dist/src/cli/main.js', '--version'], process.cwd());
 * r.wallMs; // e.g. 120.5
 */
export function runTimed(command: string, args: string[], cwd: string, timeoutMs = 0, env: NodeJS.ProcessEnv = process.env): Promise<TimedRun> {
  const useTime = existsSync(GNU_TIME);
  const dir = useTime ? mkdtempSync(join(tmpdir(), 'kindred-bench-')) : null;
  const rssFile = dir === null ? null : join(dir, 'rss.txt');
  const [cmd, argv] = rssFile === null ? [command, args] : [GNU_TIME, ['-f', '%M', '-o', rssFile, command, ...args]];
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    // Its own process group, so a timeout kills the measured command and not only GNU time.
    const child = spawn(cmd, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: timeoutMs > 0 });
    let timedOut = false;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
          }, timeoutMs)
        : null;
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.on('error', reject);
    child.on('close', (code) => {
      if (timer !== null) clearTimeout(timer);
      const wallMs = performance.now() - t0;
      let peakRssBytes: number | null = null;
      if (rssFile !== null && existsSync(rssFile)) {
        // The last line holds %M; earlier lines appear when the command was killed by a signal.
        const kib = Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop());
        if (Number.isFinite(kib) && kib > 0) peakRssBytes = kib * 1024;
      }
      if (dir !== null) rmSync(dir, { recursive: true, force: true });
      resolve({ code, wallMs, peakRssBytes, stdout, stderr, timedOut });
    });
  });
}
