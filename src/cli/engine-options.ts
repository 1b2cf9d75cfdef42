/** The `--engine`, `--memory-limit` and `--temp-dir` options: which engine runs, and DuckDB's limits, validated like every other option. */
import path from 'node:path';
import { ENGINES, type EngineName } from '../engine/engines.js';
import { defaultDuckdbLimits, type DuckdbLimits } from '../engine/sql/duckdb-limits.js';
import { KindredError } from '../errors/registry.js';

/**
 * The engine options, for a command's option table.
 *
 * @example
 * parseCommandArgs('dedupe', argv, { ...INPUT_OPTIONS, ...ENGINE_OPTIONS });
 */
export const ENGINE_OPTIONS = {
  engine: { type: 'string' },
  'memory-limit': { type: 'string' },
  'temp-dir': { type: 'string' },
} as const;

/**
 * Help text lines for the engine options.
 *
 * @example
 * const HELP = `Options:\n${ENGINE_HELP}`;
 */
export const ENGINE_HELP = `  --engine pool|duckdb   pool (default): the worker pool, in memory; duckdb: the
                       configuration compiled to SQL and run out of core by
                       embedded DuckDB on the CSV (needs --config and one file;
                       see docs/scale-out.md)
  --memory-limit <size>  duckdb only: DuckDB's memory limit, e.g. 4GB or 512MB;
                       beyond it DuckDB spills to --temp-dir (default: half the RAM)
  --temp-dir <dir>     duckdb only: where DuckDB spills (default: a fresh folder
                       under the system temporary folder, removed afterwards)
`;

const SIZE = /^\d+(\.\d+)?\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i;

/**
 * The engine a command line asks for, with DuckDB's limits (defaults
 * filled in). `--memory-limit` and `--temp-dir` without `--engine duckdb`
 * are usage errors: they would be silently ignored.
 *
 * @example
 * engineChoice('dedupe', { engine: 'duckdb', 'memory-limit': '4GB' }); // { engine: 'duckdb', limits: { memoryLimit: '4GB', ... } }
 */
export function engineChoice(command: string, values: Record<string, unknown>, threads?: number): { engine: EngineName; limits: DuckdbLimits } {
  const engine = (values.engine as string | undefined) ?? 'pool';
  if (!(ENGINES as readonly string[]).includes(engine)) {
    throw new KindredError('usage', `kindred ${command}: --engine must be one of ${ENGINES.join(', ')}, got "${engine}"`);
  }
  const limits = defaultDuckdbLimits();
  if (threads !== undefined) limits.threads = threads;
  for (const name of ['memory-limit', 'temp-dir']) {
    if (values[name] !== undefined && engine !== 'duckdb') throw new KindredError('usage', `kindred ${command}: --${name} applies to --engine duckdb only`);
  }
  const memory = values['memory-limit'] as string | undefined;
  if (memory !== undefined) {
    if (!SIZE.test(memory.trim())) throw new KindredError('usage', `kindred ${command}: --memory-limit must be a size such as 4GB or 512MB, got "${memory}"`);
    limits.memoryLimit = memory.trim();
  }
  const temp = values['temp-dir'] as string | undefined;
  if (temp !== undefined) {
    if (temp === '') throw new KindredError('usage', `kindred ${command}: --temp-dir must name a folder`);
    limits.tempDirectory = path.resolve(temp);
  }
  return { engine: engine as EngineName, limits };
}
