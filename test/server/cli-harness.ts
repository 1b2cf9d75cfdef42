/** Test harness for `kindred serve` as a child process: spawn, read the port from stderr, wait for exit. */
import { spawn, type ChildProcess } from 'node:child_process';
import { CLI_MAIN, REPO_ROOT } from './server-harness.js';

/** A spawned `kindred serve`. */
export interface ServeChild {
  child: ChildProcess;
  /** Resolves with the base URL once `listening on …` is printed; rejects if the process exits first. */
  listening: Promise<string>;
  /** Resolves with the exit code (or the signal name) when the process ends. */
  exited: Promise<number | string>;
  /** Everything printed on stderr so far. */
  stderr(): string;
}

/**
 * Spawns `node dist/src/cli/main.js serve <args>` with `env` added to a clean copy of the environment.
 *
 * @example
 * const s = spawnServe(['--file', FIXTURE_CSV, '--port', '0', '--state', dir]);
 * const url = await s.listening;
 */
export function spawnServe(args: string[], env: Record<string, string | undefined> = {}): ServeChild {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('SERVICE_API_')) childEnv[k] = v;
  for (const [k, v] of Object.entries(env)) if (v !== undefined) childEnv[k] = v;
  const child = spawn(process.execPath, [CLI_MAIN, 'serve', ...args], { cwd: REPO_ROOT, env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const exited = new Promise<number | string>((resolve) => child.once('close', (code, signal) => resolve(code ?? signal ?? -1)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (d: string) => {
      err += d;
      const m = /listening on (http:\/\/\S+)/.exec(err);
      if (m) resolve(m[1]);
    });
    void exited.then((code) => reject(new Error(`kindred serve exited (${String(code)}) before listening:\n${err}`)));
  });
  listening.catch(() => undefined);
  return { child, listening, exited, stderr: () => err };
}

/**
 * Waits until `/health` answers 200, asking again as soon as each 503 arrives (no timers).
 *
 * @example
 * await waitHealthy(url);
 */
export async function waitHealthy(url: string, maxAttempts = 100_000): Promise<void> {
  for (let i = 0; i < maxAttempts; i++) {
    const r = await fetch(`${url}/health`);
    await r.text();
    if (r.status === 200) return;
    if (r.status !== 503) throw new Error(`/health answered ${r.status}`);
    // Yield to the event loop between probes so the loop stays fair; the server answers each in well under a millisecond.
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('server never became healthy');
}
