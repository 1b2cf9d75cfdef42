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
  const from = start < 0 ? Math.max(0, n + start) : Math.min(start, n);
  const to = end < 0 ? Math.max(0, n + end) : Math.min(end, n);
  if (from >= to) return '';
  return chars === null ? value.slice(from, to) : chars.slice(from, to).join('');
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
