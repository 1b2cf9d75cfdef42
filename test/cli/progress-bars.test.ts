/** API.md 1: long work shows a progress bar on stderr when it is a terminal (load, autoconfig, blocking, scoring, clustering), one line per phase otherwise. */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cliTempDir, repoPath, REPO_ROOT, runCli } from './run-cli.js';

const tmp = cliTempDir();
after(tmp.remove);
// `script` (util-linux) runs a command on a pseudo-terminal; without it there is no terminal to test on.
const hasScript = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;
const BAR = /\r\x1b\[K(\w+) \[[#.]{30}\] (\d+)%/g;

function barsOf(output: string): Map<string, number> {
  const last = new Map<string, number>();
  for (const m of output.matchAll(BAR)) last.set(m[1], Number(m[2]));
  return last;
}

/** Runs `kindred <args>` on a pseudo-terminal until `until` appears in its output (or it exits), and returns the output. */
function onTerminal(args: string[], until?: RegExp): Promise<string> {
  const command = [process.execPath, repoPath('dist/src/cli/main.js'), ...args].map((a) => `'${a}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    const take = (d: Buffer): void => {
      out += d.toString('utf8');
      if (until !== undefined && until.test(out)) process.kill(-(child.pid as number), 'SIGTERM');
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}

test('dedupe without a configuration shows a bar for every long phase, each reaching 100%', { skip: !hasScript && 'needs script(1)' }, async () => {
  const out = await onTerminal(['dedupe', '--file', 'data/people-200.csv', '--exclude', 'rec_id', '--out', join(tmp.dir, 'o.csv')]);
  const bars = barsOf(out);
  for (const phase of ['load', 'autoconfig', 'prepare', 'block', 'score', 'cluster']) assert.equal(bars.get(phase), 100, `${phase}: ${out}`);
});

test('serve shows the bars of its initial run too', { skip: !hasScript && 'needs script(1)' }, async () => {
  const out = await onTerminal(['serve', '--file', 'data/people-200.csv', '--exclude', 'rec_id', '--port', '0', '--state', join(tmp.dir, 'state')], /ready:/);
  const bars = barsOf(out);
  for (const phase of ['load', 'autoconfig', 'score', 'cluster']) assert.equal(bars.get(phase), 100, `${phase}: ${out}`);
});

test('not on a terminal: no bars, one line per phase with counts and timings', async () => {
  const r = await runCli(['dedupe', '--file', 'data/people-200.csv', '--exclude', 'rec_id', '--out', join(tmp.dir, 'p.csv')]);
  assert.equal(r.code, 0);
  assert.doesNotMatch(r.stderr, /\r|\x1b/);
  for (const phase of ['load', 'autoconfig', 'prepare', 'block', 'score', 'cluster']) assert.match(r.stderr, new RegExp(`^kindred: ${phase} +\\d+\\.\\d\\ds `, 'm'), phase);
});
