/** The benchmark process's young generation, sized so that its own garbage collection does not pass for server latency. */
import { spawn } from 'node:child_process';

/** MiB per semi-space of the process that runs the load generators (V8's default is 16). */
export const GENERATOR_SEMI_SPACE_MB = 64;

const FLAG = '--max-semi-space-size';

/**
 * Runs this script again in a child process with a larger young generation
 * when it was not started with one, and resolves to the child's exit code;
 * resolves to null when the flag is already set (the caller goes on).
 *
 * Why: the `/match` and record-change load generators run in this process
 * and time each request from their own event loop. With V8's default young
 * generation their scavenges paused the loop up to 50–80 ms during the
 * living benchmark, and every request in flight then looked that slow: the
 * change p99 at 1M rows read 41, 50 and 80 ms in three runs, and 5.8, 7.9
 * and 7.9 ms in three runs with 64 MiB semi-spaces, the server unchanged
 * (docs/incremental.md, Measured figures). The flag cannot be set once the
 * heap exists, hence the child.
 *
 * @example
 * const code = await withGeneratorHeap();
 * if (code !== null) process.exit(code);
 */
export async function withGeneratorHeap(): Promise<number | null> {
  if (process.execArgv.some((a) => a.startsWith(FLAG))) return null;
  const child = spawn(process.execPath, [...process.execArgv, `${FLAG}=${GENERATOR_SEMI_SPACE_MB}`, ...process.argv.slice(1)], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  });
}
