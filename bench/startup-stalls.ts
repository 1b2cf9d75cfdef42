/** Event-loop stalls of `kindred serve` from binding to ready, with the main thread's own CPU time in each: `node dist/bench/startup-stalls.js --file <csv> [--config <yaml>] [--runs N] [--cli <other build's main.js>]` (zero-config, rec_id excluded, without --config). */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CLI } from './lib/repo-paths.js';
import type { StallLog } from './lib/stall-monitor.js';

const MONITOR = new URL('./lib/stall-monitor.js', import.meta.url).href;

/**
 * One start-up: until `/health` says ok, then SIGTERM.
 *
 * @example
 * const r = await measureStartup(CLI, ['--file', 'bench/out/people-1M.csv', '--exclude', 'rec_id']);
 * r.busiest_cpu_ms; // main-thread CPU of the worst stall after binding
 */
export async function measureStartup(cli: string, serveArgs: string[]): Promise<{ ready_s: number; log: StallLog; over_50ms: number; busiest_cpu_ms: number; worst: string }> {
  const dir = mkdtempSync(join(os.tmpdir(), 'kindred-stalls-'));
  const logFile = join(dir, 'stalls.json');
  try {
    const child = spawn(process.execPath, ['--import', MONITOR, cli, 'serve', ...serveArgs, '--port', '0', '--state', join(dir, 'state')], {
      env: { ...process.env, KINDRED_STALL_LOG: logFile },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.setEncoding('utf8');
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (d: string) => {
        err += d;
        const m = /listening on (http:\/\/\S+)/.exec(err);
        if (m) resolve(m[1]);
      });
      void closed.then(() => reject(new Error(`kindred serve exited before listening: ${err.trim()}`)));
    });
    const t0 = performance.now();
    // Polled slowly: the probes must not be what the event loop spends its time on.
    for (;;) {
      const body = await new Promise<string>((resolve) =>
        http.get(`${url}/health`, (r) => {
          let b = '';
          r.on('data', (d: Buffer) => (b += d.toString()));
          r.on('end', () => resolve(b));
        }).on('error', () => resolve('')),
      );
      if (body.includes('"ok"')) break;
      if (body.includes('"failed"')) throw new Error(`the initial run failed: ${body}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const ready = performance.now() - t0;
    child.kill('SIGTERM');
    await closed;
    const log = JSON.parse(readFileSync(logFile, 'utf8')) as StallLog;
    const after = log.stalls.filter((s) => s.at_ms + s.gap_ms > (log.bound_ms ?? 0));
    const worst = [...after].sort((a, b) => b.cpu_ms - a.cpu_ms || b.gap_ms - a.gap_ms).slice(0, 6);
    return {
      ready_s: ready / 1000,
      log,
      over_50ms: after.filter((s) => s.gap_ms > 50).length,
      busiest_cpu_ms: Math.max(0, ...after.map((s) => s.cpu_ms)),
      worst: worst.map((s) => `${s.at_ms} ms: ${s.gap_ms} ms (cpu ${s.cpu_ms})`).join(', '),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { file: { type: 'string' }, config: { type: 'string' }, runs: { type: 'string' }, cli: { type: 'string', multiple: true } } });
  if (values.file === undefined) throw new Error('usage: startup-stalls --file <csv> [--config <yaml>] [--runs N] [--cli <main.js>]...');
  const args = ['--file', values.file, ...(values.config !== undefined ? ['--config', values.config] : ['--exclude', 'rec_id'])];
  // Several builds alternate (A B A B), so a change in the machine's load hits each alike.
  const clis = values.cli ?? [CLI];
  for (let run = 0; run < Number(values.runs ?? 1); run++) {
    for (const cli of clis) {
      const r = await measureStartup(cli, args);
      process.stdout.write(
        `${cli}: ready ${r.ready_s.toFixed(1)} s; stalls over 50 ms after binding: ${r.over_50ms}; busiest: ${r.busiest_cpu_ms} ms of main-thread CPU; ` +
          `loop delay p99 ${r.log.delay_p99_ms.toFixed(1)} ms, max ${r.log.delay_max_ms.toFixed(0)} ms; worst by CPU: ${r.worst}\n`,
      );
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
