/** How a DuckDB run may use the machine, apart from the engine itself: the command line reads these without loading DuckDB (half a second of start-up). */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

/** How DuckDB may use the machine. */
export interface DuckdbLimits {
  /** DuckDB `memory_limit` (e.g. `4GB`); beyond it, operators spill to `tempDirectory`. */
  memoryLimit: string;
  /** Where DuckDB spills; created if missing. */
  tempDirectory: string;
  threads: number;
}

/**
 * Sane defaults: half the machine's memory, a fresh spill folder under the
 * system temporary folder, every core.
 *
 * @example
 * defaultDuckdbLimits().memoryLimit; // '12GB' on a 24 GB machine
 */
export function defaultDuckdbLimits(): DuckdbLimits {
  return {
    memoryLimit: `${Math.max(1, Math.floor(os.totalmem() / 2 ** 30 / 2))}GB`,
    tempDirectory: path.join(os.tmpdir(), `kindred-duckdb-${crypto.randomUUID()}`),
    threads: os.availableParallelism(),
  };
}
