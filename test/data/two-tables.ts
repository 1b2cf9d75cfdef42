/** Two small product tables describing the same items under different column names, for the two-file tests. */
import fs from 'node:fs';
import path from 'node:path';
import { seededStream } from '../../src/engine/probabilistic/seeded-random.js';

const BRANDS = ['sony', 'canon', 'nikon', 'bosch', 'philips', 'garmin', 'logitech', 'samsung'];
const THINGS = ['camera', 'lens', 'drill', 'shaver', 'watch', 'mouse', 'monitor', 'speaker', 'keyboard', 'router'];
const WORDS = ['black', 'pro', 'mini', 'wireless', 'digital', 'compact', 'ultra', 'silver'];

/**
 * Writes `a.csv` (id, title, price) and `b.csv` (sku, name, cost, colour) into `dir`: `n` products,
 * each in both files (the second copy reworded, its code kept), and returns the true pairs as combined row ids.
 *
 * @example
 * const { a, b, truth } = writeTwoTables(dir, 120);
 */
export function writeTwoTables(dir: string, n: number): { a: string; b: string; truth: string } {
  const r = seededStream(17);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const left = ['id,title,price'];
  const right = ['sku,name,cost,colour'];
  const pairs = ['row_id_a,row_id_b'];
  for (let i = 0; i < n; i++) {
    const code = `${pick(['x', 'k', 'm', 'q'])}${100 + Math.floor(r() * 900)}${pick(['a', 'b', 'c'])}`;
    const brand = pick(BRANDS);
    const thing = pick(THINGS);
    const extra = [pick(WORDS), pick(WORDS)];
    const price = (20 + Math.floor(r() * 500) + 0.99).toFixed(2);
    left.push(`${i},${brand} ${thing} ${code} ${extra[0]},${price}`);
    right.push(`s${1000 + i},${brand} ${code} ${thing} ${extra[1]},${price},${pick(['red', 'blue', 'grey'])}`);
    pairs.push(`${i},${n + i}`);
  }
  const a = path.join(dir, 'a.csv');
  const b = path.join(dir, 'b.csv');
  const truth = path.join(dir, 'truth.csv');
  fs.writeFileSync(a, left.join('\n') + '\n');
  fs.writeFileSync(b, right.join('\n') + '\n');
  fs.writeFileSync(truth, pairs.join('\n') + '\n');
  return { a, b, truth };
}
