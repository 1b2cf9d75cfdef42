/** Command-line option parsing shared by every command: strict, with usage errors that exit 2. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { KindredError } from '../errors/registry.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Parses a command's arguments strictly (unknown options are usage errors).
 * An option that takes one value given twice is a usage error too, never
 * a silent override. `--file` may also be given as the first positional
 * argument.
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
    const { values, positionals, tokens } = parseArgs({ args: argv, options, allowPositionals: true, strict: true, tokens: true });
    const seen = new Set<string>();
    for (const t of tokens) {
      if (t.kind !== 'option' || options[t.name]?.type !== 'string' || options[t.name]?.multiple === true) continue;
      if (seen.has(t.name)) throw new KindredError('usage', `kindred ${command}: --${t.name} is given twice; it takes one value`);
      seen.add(t.name);
    }
    if (positionals.length > maxPositionals) {
      throw new KindredError('usage', `kindred ${command}: unexpected argument "${positionals[maxPositionals]}"; see kindred ${command} --help`);
    }
    const v = values as Record<string, string | boolean | string[] | undefined>;
    if ('file' in options && v.file === undefined && positionals.length > 0) {
      const file = positionals.shift() as string;
      v.file = options.file.multiple === true ? [file] : file;
    }
    return { values: v, positionals };
  } catch (e) {
    if (e instanceof KindredError) throw e;
    const msg = e instanceof Error ? e.message : String(e);
    throw new KindredError('usage', `kindred ${command}: ${msg}; see kindred ${command} --help`);
  }
}

/**
 * The `--file` values of a command that links up to two files: one or two, else a usage error naming the extra file.
 *
 * @example
 * requireFiles('dedupe', { file: ['a.csv', 'b.csv'] }); // ['a.csv', 'b.csv']
 */
export function requireFiles(command: string, values: Record<string, unknown>): string[] {
  const raw = values.file;
  const files = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((f): f is string => typeof f === 'string');
  if (files.length === 0 || files.some((f) => f === '')) throw new KindredError('usage', `kindred ${command}: --file is required; see kindred ${command} --help`);
  if (files.length > 2) throw new KindredError('usage', `kindred ${command}: --file is given ${files.length} times; give one file, or two to link (extra: ${files.slice(2).join(', ')})`);
  return files;
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
