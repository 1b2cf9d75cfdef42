/** Where the benchmark scripts find the repository (they run from dist/bench/), its CLI and its scratch folder. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root: dist/bench/lib/ → three levels up.
 *
 * @example
 * join(REPO_ROOT, 'bench', 'results.json');
 */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The built `kindred` executable.
 *
 * @example
 * spawn(process.execPath, [CLI, '--version']);
 */
export const CLI = join(REPO_ROOT, 'dist', 'src', 'cli', 'main.js');

/**
 * Generated data and run outputs (gitignored).
 *
 * @example
 * join(BENCH_OUT, 'people-1M.csv');
 */
export const BENCH_OUT = join(REPO_ROOT, 'bench', 'out');

/**
 * The commit the measured code was built from (with `+dirty` when the
 * working tree has changes), or "unknown" outside a git checkout.
 *
 * @example
 * currentCommit(); // "98e371f2+dirty"
 */
export function currentCommit(): string {
  try {
    // From bench/ (a real folder of the checkout even when dist/ was built elsewhere); no optional
    // locks, so measuring never takes the index lock from someone committing at the same time.
    const cwd = join(REPO_ROOT, 'bench');
    const head = execFileSync('git', ['rev-parse', '--short=8', 'HEAD'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['--no-optional-locks', 'status', '--porcelain', '--untracked-files=no'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return dirty === '' ? head : `${head}+dirty`;
  } catch {
    return 'unknown';
  }
}
