/** Checks that every column a configuration names exists in the loaded file. */
import { KindredError, type Issue } from '../errors/registry.js';
import type { Config } from './types.js';

/** How many available columns an error message lists before eliding the rest. */
const MAX_LISTED_COLUMNS = 50;

/**
 * Every column reference of a configuration with its key path: matchkey
 * fields, negative evidence, blocking key fields and secondary keys, `link.source_column` and
 * `exclude_columns`. Exposed so callers (and autoconfig) can see what a
 * configuration depends on.
 *
 * @example
 * columnReferences(config); // [{ path: 'matchkeys[0].fields[0].field', column: 'name' }, …]
 */
export function columnReferences(config: Config): Array<{ path: string; column: string }> {
  const refs: Array<{ path: string; column: string }> = [];
  config.matchkeys.forEach((mk, i) => {
    mk.fields.forEach((f, j) => refs.push({ path: `matchkeys[${i}].fields[${j}].field`, column: f.field }));
    mk.negative_evidence.forEach((ne, j) => refs.push({ path: `matchkeys[${i}].negative_evidence[${j}].field`, column: ne.field }));
  });
  config.blocking.keys.forEach((key, k) => {
    key.fields.forEach((f, j) => refs.push({ path: `blocking.keys[${k}].fields[${j}].field`, column: f.field }));
    (key.split_by ?? []).forEach((f, j) => refs.push({ path: `blocking.keys[${k}].split_by[${j}].field`, column: f.field }));
  });
  if (config.link) refs.push({ path: 'link.source_column', column: config.link.source_column });
  config.exclude_columns.forEach((c, i) => refs.push({ path: `exclude_columns[${i}]`, column: c }));
  return refs;
}

/**
 * The columns a matching run with this configuration reads: every column
 * it references but those it excludes. A command that writes no record's
 * own columns loads only these (the others are parsed past, not stored).
 *
 * @example
 * columnsRead(config); // Set { 'name', 'zip', 'dob' }
 */
export function columnsRead(config: Config): Set<string> {
  return new Set(columnReferences(config).filter((ref) => !ref.path.startsWith('exclude_columns')).map((ref) => ref.column));
}

/**
 * Throws unless every referenced column is one of `columns` (exact,
 * case-sensitive match: CSV headers are taken as written). `fileLabel` names
 * the configuration; `dataLabel`, when given, names the data file in messages.
 *
 * @throws KindredError `config_invalid` with one issue per unknown column,
 *   each listing the available columns.
 * @example
 * checkConfigColumns(config, store.columns, 'match.yaml', 'people.csv');
 * // match.yaml: invalid configuration: columns not found in people.csv
 * //   matchkeys[0].fields[0].field: "nmae" is not a column of people.csv; available columns: name, zip
 */
export function checkConfigColumns(config: Config, columns: readonly string[], fileLabel: string, dataLabel = 'the loaded file'): void {
  const known = new Set(columns);
  const listed = columns.length > MAX_LISTED_COLUMNS
    ? `${columns.slice(0, MAX_LISTED_COLUMNS).join(', ')}, … (${columns.length} in all)`
    : columns.join(', ');
  const issues: Issue[] = columnReferences(config)
    .filter((ref) => !known.has(ref.column))
    .map((ref) => ({
      path: ref.path,
      message: `${JSON.stringify(ref.column)} is not a column of ${dataLabel}; available columns: ${listed}`,
    }));
  if (issues.length > 0) {
    throw new KindredError('config_invalid', `${fileLabel}: invalid configuration: columns not found in ${dataLabel}`, issues);
  }
}
