/** Character 3-grams of a text for retrieval: lower-cased, whitespace collapsed, padded with one space on each side. */

/**
 * Gram length used by retrieval.
 *
 * @example
 * charGrams('abc').size; // 3 grams of length GRAM: ' ab', 'abc', 'bc '
 */
export const GRAM = 3;

/**
 * The normalised text a record's value(s) are indexed under.
 *
 * @example
 * normaliseText('  Jon   SMITH '); // "jon smith"
 */
export function normaliseText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Term frequencies of the padded 3-grams of `text` (empty map for empty
 * text). Padding lets a one- or two-letter value still produce grams and
 * gives word starts and ends their own grams.
 *
 * @example
 * charGrams('Jo'); // Map { ' jo' => 1, 'jo ' => 1 }
 */
export function charGrams(text: string): Map<string, number> {
  const out = new Map<string, number>();
  const norm = normaliseText(text);
  if (norm === '') return out;
  const padded = ` ${norm} `;
  const chars = Array.from(padded);
  for (let i = 0; i + GRAM <= chars.length; i++) {
    const g = chars.slice(i, i + GRAM).join('');
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}
