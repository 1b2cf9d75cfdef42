/** Writes a copy of a CSV with one column blanked or garbled on a seeded 40% of its rows, for the robustness suite. */
import { createWriteStream } from 'node:fs';
import { parseFile } from 'fast-csv';
import { seededStream } from '../../src/engine/probabilistic/seeded-random.js';

/** How a cell is corrupted: emptied, or given 1–3 random edits (substitution, deletion, transposition, insertion). */
export type Corruption = 'blank' | 'garble';

/** Share of the rows whose cell is corrupted. */
export const CORRUPTED_SHARE = 0.4;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * 1–3 random character edits of `value` (never the empty string back when it had characters).
 *
 * @example
 * garble('smith', seededStream(1)); // 'smtih'
 */
export function garble(value: string, random: () => number): string {
  const chars = [...value];
  const edits = 1 + Math.floor(random() * 3);
  for (let e = 0; e < edits && chars.length > 0; e++) {
    const i = Math.floor(random() * chars.length);
    const kind = Math.floor(random() * 4);
    const letter = LETTERS[Math.floor(random() * LETTERS.length)];
    if (kind === 0) chars[i] = letter;
    else if (kind === 1 && chars.length > 1) chars.splice(i, 1);
    else if (kind === 2 && i + 1 < chars.length) [chars[i], chars[i + 1]] = [chars[i + 1], chars[i]];
    else chars.splice(i, 0, letter);
  }
  return chars.join('');
}

function csvCell(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/**
 * Copies `input` to `output` with `column` corrupted on 40% of the rows,
 * chosen with a generator seeded by `seed` (the same call writes the same
 * bytes). Rows and every other cell are unchanged.
 *
 * @example
 * await corruptColumn('records.csv', 'out.csv', 'surname', 'garble', 7);
 */
export async function corruptColumn(input: string, output: string, column: string, how: Corruption, seed: number): Promise<void> {
  const rows = await new Promise<string[][]>((resolve, reject) => {
    const out: string[][] = [];
    parseFile(input, { headers: false })
      .on('data', (r: string[]) => out.push(r))
      .on('error', reject)
      .on('end', () => resolve(out));
  });
  const [header, ...body] = rows;
  const c = header.indexOf(column);
  if (c < 0) throw new Error(`${input}: no column ${column}`);
  const random = seededStream(seed);
  await new Promise<void>((resolve, reject) => {
    const stream = createWriteStream(output);
    stream.on('error', reject);
    stream.write(header.map(csvCell).join(',') + '\n');
    for (const r of body) {
      if (random() < CORRUPTED_SHARE && (r[c] ?? '') !== '') r[c] = how === 'blank' ? '' : garble(r[c], random);
      stream.write(r.map(csvCell).join(',') + '\n');
    }
    stream.end(() => resolve());
  });
}
