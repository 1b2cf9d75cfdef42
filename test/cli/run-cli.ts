/** Runs the built `kindred` executable as a child process from the repository root, for the command-line tests. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root (this file runs from dist/test/cli/).
 *
 * @example
 * spawn(process.execPath, ['dist/src/cli/main.js'], { cwd: REPO_ROOT });
 */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * A path inside the repository.
 *
 * @example
 * readFileSync(repoPath('data/people-200-truth.csv'), 'utf8');
 */
export function repoPath(relative: string): string {
  return join(REPO_ROOT, relative);
}

/** What a finished command printed and how it exited. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node dist/src/cli/main.js ...args` with the repository root as the
 * working directory and resolves when the process has exited.
 *
 * @example
 * const r = await runCli(['--version']);
 * r.code; // 0
 */
export function runCli(args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [repoPath('dist/src/cli/main.js'), ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A fresh temporary directory and its removal.
 *
 * @example
 * const tmp = cliTempDir(); after(tmp.remove);
 */
export function cliTempDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'kindred-cli-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
