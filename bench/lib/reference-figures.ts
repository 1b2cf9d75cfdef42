/** Reads the reference figures (a DuckDB/Splink-style pipeline on 2 cores) from the table in ../shared/bench/README.md. */
import { existsSync, readFileSync } from 'node:fs';

/** One reference row: the wall time and memory as printed, and the candidate pairs as a number. */
export interface ReferenceFigure {
  workload: string;
  rows: string;
  candidatePairs: number;
  wall: string;
  peakRss: string;
}

/**
 * Parses rows like `| tight | 1M | 5,663,188 | 14–15 s | 1.6 GB |`; returns
 * an empty list when the file is absent or holds no such table.
 *
 * @example
 * readReferenceFigures('../shared/bench/README.md').find((r) => r.workload === 'tight' && r.rows === '1M');
 */
export function readReferenceFigures(readme: string): ReferenceFigure[] {
  if (!existsSync(readme)) return [];
  const out: ReferenceFigure[] = [];
  for (const line of readFileSync(readme, 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 7) continue;
    const [, workload, rows, pairs, wall, rss] = cells;
    if (!/^(tight|broad)$/.test(workload) || !/^[\d,]+$/.test(pairs)) continue;
    out.push({ workload, rows, candidatePairs: Number(pairs.replace(/,/g, '')), wall, peakRss: rss });
  }
  return out;
}
