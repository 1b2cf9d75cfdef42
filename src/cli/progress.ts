/** Progress output on stderr: a redrawn bar on a terminal, one line per phase otherwise. */
import type { PhaseReport } from '../engine/run.js';

/**
 * Reports the phases of a run. On a TTY the current phase shows a bar; in
 * logs (CI, pipes) each finished phase prints one line with counts and time.
 *
 * @example
 * const progress = new Progress(process.stderr);
 * await runMatching(store, config, pool, { onPhase: progress.phase, onProgress: progress.tick });
 */
export class Progress {
  private readonly tty: boolean;
  private lastDraw = 0;
  constructor(private readonly out: NodeJS.WriteStream, private readonly quiet = false) {
    this.tty = out.isTTY === true;
  }

  /** Logs a finished phase. */
  readonly phase = (r: PhaseReport | { phase: string; ms: number; detail: Record<string, number | string> }): void => {
    if (this.quiet) return;
    if (this.tty) this.out.write('\r\x1b[K');
    const detail = Object.entries(r.detail)
      .map(([k, v]) => `${k}=${typeof v === 'number' ? groupDigits(v) : v}`)
      .join(' ');
    this.out.write(`kindred: ${r.phase.padEnd(8)} ${(r.ms / 1000).toFixed(2)}s ${detail}\n`);
  };

  /** Redraws the bar of the current phase (terminals only, at most 10 times a second). */
  readonly tick = (phase: string, done: number, total: number): void => {
    if (this.quiet || !this.tty) return;
    const now = Date.now();
    if (now - this.lastDraw < 100 && done < total) return;
    this.lastDraw = now;
    const width = 30;
    const frac = total > 0 ? Math.min(1, done / total) : 1;
    const fill = Math.round(frac * width);
    this.out.write(`\r\x1b[K${phase} [${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${(frac * 100).toFixed(0)}%`);
  };

  /** A free-form log line. */
  log(line: string): void {
    if (this.quiet) return;
    if (this.tty) this.out.write('\r\x1b[K');
    this.out.write(`kindred: ${line}\n`);
  }
}

/**
 * A count with thousands separators, as `toLocaleString('en-US')` writes it
 * (`1,387,638`). Integers are grouped here: the first `toLocaleString` of a
 * process loads ICU's number formats, 50-90 ms on the event loop, which the
 * server paid in its first phase line while `/health` waited. Other numbers
 * (none of the phase details so far) still go through ICU.
 *
 * @example
 * groupDigits(-1387638); // '-1,387,638'
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 || Object.is(n, -0) ? `-${out}` : out;
}
