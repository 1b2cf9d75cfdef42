/** `qgram:q`: a short, lossy q-gram signature of a value, for blocking keys. */
import { parseIntegerArgument } from './arguments.js';
import { sortByCodePoint } from './code-point-order.js';
import type { TransformDefinition } from './types.js';

const USAGE = 'qgram takes one positive integer argument, e.g. qgram:3';
const DEFAULT_Q = 3;
const KEPT = 5;

/**
 * The first five distinct q-grams (in code-point order) of `##value##`,
 * joined by spaces. The padding is always two `#` whatever q is. Values too
 * short to hold one q-gram give "".
 *
 * @example
 * qgramSignature('abc', 3); // '##a #ab abc bc# c##'
 */
export function qgramSignature(value: string, q: number): string {
  const chars = Array.from(`##${value}##`);
  const grams = new Set<string>();
  for (let i = 0; i + q <= chars.length; i++) grams.add(chars.slice(i, i + q).join(''));
  return sortByCodePoint([...grams]).slice(0, KEPT).join(' ');
}

/** The `qgram:q` transform (`qgram` alone means q = 3). */
export const qgramTransform: TransformDefinition = {
  name: 'qgram',
  description: 'first 5 sorted distinct q-grams of "##value##", space-joined (lossy; for blocking keys); qgram = qgram:3',
  checkArgs: (args) => {
    if (args.length === 0) return null;
    const q = args.length === 1 ? parseIntegerArgument(args[0]) : null;
    return q !== null && q >= 1 ? null : `${USAGE}, got "${['qgram', ...args].join(':')}"`;
  },
  create: (args) => {
    const q = args.length === 0 ? DEFAULT_Q : (parseIntegerArgument(args[0]) as number);
    return (v) => qgramSignature(v, q);
  },
};
