/** Marks the characters two values do not share (longest common subsequence), so a steward sees at once where two records differ. */
import { h } from './dom.js';

/** Longer values are compared whole: the table is O(n·m) and such cells are not names or codes. */
const MAX_DIFF_LENGTH = 200;

/**
 * For each character of `a` and of `b`, whether it is outside a longest
 * common subsequence of the two.
 *
 * @example
 * diffMasks('jon', 'john'); // { a: [false, false, false], b: [false, false, true, false] }
 */
export function diffMasks(a: string, b: string): { a: boolean[]; b: boolean[] } {
  const x = [...a];
  const y = [...b];
  if (x.length > MAX_DIFF_LENGTH || y.length > MAX_DIFF_LENGTH) return { a: x.map(() => a !== b), b: y.map(() => a !== b) };
  const w = y.length + 1;
  const lcs = new Uint16Array((x.length + 1) * w);
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) {
      lcs[i * w + j] = x[i] === y[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    }
  }
  const ma = x.map(() => true);
  const mb = y.map(() => true);
  for (let i = 0, j = 0; i < x.length && j < y.length; ) {
    if (x[i] === y[j]) {
      ma[i++] = false;
      mb[j++] = false;
    } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) i++;
    else j++;
  }
  return { a: ma, b: mb };
}

/**
 * A value as text with its differing characters in `<mark>` (runs merged).
 *
 * @example
 * highlighted('john', [false, false, true, false]); // <span>jo<mark>h</mark>n</span>
 */
export function highlighted(value: string, mask: boolean[]): HTMLElement {
  const chars = [...value];
  const out = h('span');
  let i = 0;
  while (i < chars.length) {
    let j = i;
    while (j < chars.length && mask[j] === mask[i]) j++;
    const text = chars.slice(i, j).join('');
    out.append(mask[i] ? h('mark', {}, text) : text);
    i = j;
  }
  return out;
}
