/** Test helper: a plain, obviously-correct Jaro and Jaro–Winkler to check the fast kernels against. */
/**
 * A straightforward Jaro, written independently of the kernel (window scan,
 * arrays of characters), as the oracle the kernel's paths are checked against.
 *
 * @example
 * plainJaro('martha', 'marhta'); // 0.944444...
 */
export function plainJaro(x: string, y: string): number {
  const a = Array.from(x);
  const b = Array.from(y);
  if (a.length === 0 && b.length === 0) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const window = Math.max(Math.floor(Math.max(a.length, b.length) / 2) - 1, 0);
  const usedB = new Array<boolean>(b.length).fill(false);
  const matchedA: string[] = [];
  for (let i = 0; i < a.length; i++) {
    for (let j = Math.max(0, i - window); j < Math.min(b.length, i + window + 1); j++) {
      if (!usedB[j] && a[i] === b[j]) {
        usedB[j] = true;
        matchedA.push(a[i]);
        break;
      }
    }
  }
  const m = matchedA.length;
  if (m === 0) return 0;
  const matchedB = b.filter((_, j) => usedB[j]);
  const halfTranspositions = Math.floor(matchedA.filter((c, k) => c !== matchedB[k]).length / 2);
  return (m / a.length + m / b.length + (m - halfTranspositions) / m) / 3;
}

/**
 * Jaro–Winkler on top of {@link plainJaro}: boost above 0.7 by a common prefix of at most 4.
 *
 * @example
 * plainJaroWinkler('martha', 'marhta'); // 0.961111...
 */
export function plainJaroWinkler(x: string, y: string): number {
  const sim = plainJaro(x, y);
  if (sim <= 0.7) return sim;
  const a = Array.from(x);
  const b = Array.from(y);
  let p = 0;
  while (p < 4 && p < a.length && p < b.length && a[p] === b[p]) p++;
  return sim + p * 0.1 * (1 - sim);
}
