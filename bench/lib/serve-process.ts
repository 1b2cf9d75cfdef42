/** `kindred serve` as a child process of the benchmark: spawn it, learn its address from the `listening on …` line, read its memory and CPU time, stop it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * A spawned server.
 *
 * @example
 * const s: ServeProcess = spawnServe(CLI, ['--file', csv, '--port', '0'], REPO_ROOT);
 */
export interface ServeProcess {
  child: ChildProcess;
  /** Resolves with the base URL once the server has bound its port; rejects if it exits first. */
  listening: Promise<URL>;
  /** Resolves with the exit code, or the signal name, when the process ends. */
  exited: Promise<number | string>;
  /** Everything the server wrote on stderr so far (its phase log). */
  stderr(): string;
  /** SIGTERM (graceful shutdown), then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<number | string>;
}

/**
 * Spawns `node [nodeArgs] <cli> serve <args>` in `cwd` with its stdout
 * ignored and its stderr collected. `--port 0` lets the server pick a free
 * port; the address comes from the `listening on http://…` line it prints
 * on binding. `nodeArgs` go to node itself (a preload, `--expose-gc`).
 *
 * @example
 * const s = spawnServe(CLI, ['--file', csv, '--config', yaml, '--port', '0', '--state', dir], REPO_ROOT);
 * const url = await s.listening;
 * await s.stop();
 */
export function spawnServe(cli: string, args: string[], cwd: string, nodeArgs: readonly string[] = []): ServeProcess {
  const child = spawn(process.execPath, [...nodeArgs, cli, 'serve', ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const exited = new Promise<number | string>((resolve) => child.once('close', (code, signal) => resolve(code ?? signal ?? -1)));
  const listening = new Promise<URL>((resolve, reject) => {
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (d: string) => {
      err += d;
      const m = /listening on (http:\/\/\S+)/.exec(err);
      if (m) resolve(new URL(m[1]));
    });
    void exited.then((code) => reject(new Error(`kindred serve exited (${String(code)}) before listening: ${err.trim()}`)));
  });
  listening.catch(() => undefined);
  const stop = async (graceMs = 15_000): Promise<number | string> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  return { child, listening, exited, stderr: () => err, stop };
}

/**
 * Resident memory of a process in bytes (`VmRSS` of /proc/<pid>/status), or
 * null where /proc is not available.
 *
 * @example
 * residentBytes(server.child.pid ?? 0); // 2_700_000_000
 */
export function residentBytes(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system, all threads) a process has used so far, in ms,
 * from /proc/<pid>/stat; null where /proc is not available.
 *
 * @example
 * const before = processCpuMs(pid);
 * // ... load ...
 * const perRequest = ((processCpuMs(pid) ?? 0) - (before ?? 0)) / requests;
 */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/** USER_HZ: /proc reports CPU time in these ticks; 100 on every Linux architecture Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;
