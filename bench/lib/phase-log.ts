/** Parses the one-line-per-phase log that kindred writes on stderr when it is not a terminal. */

/** One logged phase: seconds and its `key=value` counts. */
export interface LoggedPhase {
  seconds: number;
  detail: Record<string, string>;
}

const PHASE_LINE = /^kindred: (\S+)\s+(\d+(?:\.\d+)?)s(.*)$/;

/**
 * Reads lines such as `kindred: score    1.57s tasks=19 candidate_pairs=130,520 kept_pairs=67,774`
 * into a map by phase name. Other lines are ignored.
 *
 * @example
 * parsePhaseLog('kindred: score    1.57s tasks=19 candidate_pairs=130,520\n').get('score');
 * // { seconds: 1.57, detail: { tasks: '19', candidate_pairs: '130,520' } }
 */
export function parsePhaseLog(stderr: string): Map<string, LoggedPhase> {
  const phases = new Map<string, LoggedPhase>();
  for (const line of stderr.split('\n')) {
    const m = PHASE_LINE.exec(line.trim());
    if (!m) continue;
    const detail: Record<string, string> = {};
    for (const part of m[3].trim().split(/\s+/)) {
      const eq = part.indexOf('=');
      if (eq > 0) detail[part.slice(0, eq)] = part.slice(eq + 1);
    }
    phases.set(m[1], { seconds: Number(m[2]), detail });
  }
  return phases;
}

/**
 * A logged count (`130,520` → 130520), or null when absent.
 *
 * @example
 * loggedCount(phases.get('score'), 'candidate_pairs'); // 130520
 */
export function loggedCount(phase: LoggedPhase | undefined, key: string): number | null {
  const v = phase?.detail[key];
  if (v === undefined) return null;
  const n = Number(v.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}
