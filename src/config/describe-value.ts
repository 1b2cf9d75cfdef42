/** Describes a configuration value the way a user wrote it, for "got …" in error messages. */

const MAX_SHOWN_CHARS = 40;

/**
 * A short, YAML-flavoured description of a parsed value: strings in double
 * quotes (truncated), numbers and booleans as written, `null`, "a list" or
 * "a mapping". Kept short because it ends a one-line error message.
 *
 * @example
 * describeValue('high');        // '"high"'
 * describeValue(0.8);           // '0.8'
 * describeValue(['a']);         // 'a list'
 * describeValue(undefined);     // 'nothing'
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const shown = value.length > MAX_SHOWN_CHARS ? `${value.slice(0, MAX_SHOWN_CHARS)}…` : value;
    return JSON.stringify(shown);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : 'a list';
  if (typeof value === 'object') return 'a mapping';
  return typeof value;
}
