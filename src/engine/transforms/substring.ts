/** `substring:a:b`: a Python-style slice over code points. */
import { parseIntegerArgument } from './arguments.js';
import type { TransformDefinition } from './types.js';

const USAGE = 'substring needs two integer arguments, e.g. substring:0:3';

/**
 * `value[start:end]` with Python slice rules on code points: negative indices
 * count from the end, out-of-range indices clamp, and an empty range gives "".
 *
 * @example
 * sliceCodePoints('Johnson', 0, 3);  // 'Joh'
 * sliceCodePoints('Johnson', -3, 7); // 'son'
 * sliceCodePoints('😀ab', 0, 2);     // '😀a' (an emoji is one character)
 */
export function sliceCodePoints(value: string, start: number, end: number): string {
  // Without surrogates every UTF-16 unit is one code point, so a plain slice
  // is the same slice, without an array of one string per character.
  const chars = hasSurrogate(value) ? Array.from(value) : null;
  const n = chars === null ? value.length : chars.length;
  const from = sliceFrom(n, start);
  const to = sliceFrom(n, end);
  if (from >= to) return '';
  return chars === null ? value.slice(from, to) : chars.slice(from, to).join('');
}

/**
 * Where a Python slice index falls in a value of `n` characters: a negative
 * index counts from the end, and either way it is clamped to `0 … n`.
 *
 * @example
 * sliceFrom(7, -3); // 4
 * sliceFrom(2, 3);  // 2
 */
export function sliceFrom(n: number, index: number): number {
  return index < 0 ? Math.max(0, n + index) : Math.min(index, n);
}

/**
 * The `[start, end]` of a chain that is one `substring:a:b` and nothing
 * else (what a field can derive from its raw values' bytes), or null.
 *
 * @example
 * substringOnly(['substring:0:1']); // [0, 1]
 * substringOnly(['lowercase', 'substring:0:1']); // null
 */
export function substringOnly(chain: readonly string[]): [number, number] | null {
  if (chain.length !== 1) return null;
  const parts = chain[0].split(':');
  if (parts.length !== 3 || parts[0] !== 'substring') return null;
  const start = parseIntegerArgument(parts[1]);
  const end = parseIntegerArgument(parts[2]);
  return start === null || end === null ? null : [start, end];
}

function hasSurrogate(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return true;
  }
  return false;
}

/** The `substring:a:b` transform. */
export const substringTransform: TransformDefinition = {
  name: 'substring',
  description: 'Python slice [a:b] over characters (code points); negative indices count from the end',
  checkArgs: (args) =>
    args.length === 2 && parseIntegerArgument(args[0]) !== null && parseIntegerArgument(args[1]) !== null
      ? null
      : `${USAGE}, got "${['substring', ...args].join(':')}"`,
  create: (args) => {
    const start = parseIntegerArgument(args[0]) as number;
    const end = parseIntegerArgument(args[1]) as number;
    return (v) => sliceCodePoints(v, start, end);
  },
};
