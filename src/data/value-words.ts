/** The words of a cell as the data layer compares them across columns and tables: case-folded runs of letters and digits. */

/**
 * The words of a value: case-folded (NFC) runs of letters and digits.
 *
 * @example
 * wordsOf('Mary-Ann  SMITH'); // ['mary', 'ann', 'smith']
 */
export function wordsOf(v: string): string[] {
  return v
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}
