/** Command-line option parsing shared by every command: strict, with usage errors that exit 2. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { KindredError } from '../errors/registry.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Parses a command's arguments strictly (unknown options are usage errors).
 * `--file` may also be given as the first positional argument.
 *
 * @example
 * const { values } = parseCommandArgs('dedupe', argv, { file: { type: 'string' }, out: { type: 'string' } });
 */
export function parseCommandArgs<O extends Options>(
  command: string,
  argv: string[],
  options: O,
  maxPositionals = 1,
): { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    if (positionals.length > maxPositionals) {
      throw new KindredError('usage', `kindred ${command}: unexpected argument "${positionals[maxPositionals]}"; see kindred ${command} --help`);
    }
    const v = values as Record<string, string | boolean | string[] | undefined>;
    if ('file' in options && v.file === undefined && positionals.length > 0) {
      v.file = positionals.shift();
    }
    return { values: v, positionals };
  } catch (e) {
    if (e instanceof KindredError) throw e;
    const msg = e instanceof Error ? e.message : String(e);
    throw new KindredError('usage', `kindred ${command}: ${msg}; see kindred ${command} --help`);
  }
}

/** A required string option. */
export function requireString(command: string, values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v === '') {
    throw new KindredError('usage', `kindred ${command}: --${name} is required; see kindred ${command} --help`);
  }
  return v;
}

/** An optional positive integer option. */
export function optionalInt(command: string, values: Record<string, unknown>, name: string, min = 1): number | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < min) {
    throw new KindredError('usage', `kindred ${command}: --${name} must be an integer ≥ ${min}, got "${String(v)}"`);
  }
  return n;
}
