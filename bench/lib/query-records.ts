/** Query records for the /match benchmark: rows of the data set, most of them changed the way a new record of the same person would be (typos, a field left out). */
import { seededStream } from '../../src/engine/probabilistic/seeded-random.js';

/**
 * The mix of queries, in shares of the whole.
 *
 * @example
 * const mix: QueryMix = { exact: 0.4, oneTypo: 0.4 }; // and 20% a typo and a missing field
 */
export interface QueryMix {
  /** Copies of a row as it is. */
  exact: number;
  /** One typo in one name or address field. */
  oneTypo: number;
  /** The remainder: one typo and one identifying field left out. */
}

/**
 * The mix the benchmark uses: 40% exact copies, 40% one typo, 20% a typo and a missing field.
 *
 * @example
 * perturbRows(rows, { mix: DEFAULT_QUERY_MIX, seed: 7, drop: ['rec_id'] });
 */
export const DEFAULT_QUERY_MIX: QueryMix = { exact: 0.4, oneTypo: 0.4 };

/** Fields a typo goes into (the free-text ones of the benchmark data). */
const TYPO_FIELDS = ['given_name', 'surname', 'address_1', 'suburb'];
/** Fields a query may leave out. */
const DROPPABLE_FIELDS = ['postcode', 'date_of_birth', 'soc_sec_id', 'street_number', 'suburb'];

/**
 * The project's one seeded generator (mulberry32), under the name this module's callers use.
 *
 * @example
 * const next = seededRandom(42);
 * next(); // 0.6011037519201636
 */
export const seededRandom: (seed: number) => () => number = seededStream;

/**
 * One typo: swap two neighbouring letters, drop one, or replace one by
 * another letter. Values shorter than two characters are returned as they are.
 *
 * @example
 * typo('salpipa', seededRandom(1)); // "salippa"
 */
export function typo(value: string, random: () => number): string {
  if (value.length < 2) return value;
  const i = Math.floor(random() * (value.length - 1));
  const kind = Math.floor(random() * 3);
  if (kind === 0) return value.slice(0, i) + value[i + 1] + value[i] + value.slice(i + 2);
  if (kind === 1) return value.slice(0, i) + value.slice(i + 1);
  const letter = String.fromCharCode(97 + Math.floor(random() * 26));
  return value.slice(0, i) + letter + value.slice(i + 1);
}

/**
 * Query records made from data rows: the `drop` columns removed (ids a new
 * record would not carry), then each row kept exact, given one typo, or
 * given a typo and one identifying field left out, in the shares of `mix`.
 *
 * @example
 * const queries = perturbRows(sampleCsvRows(csv, 5000), { mix: DEFAULT_QUERY_MIX, seed: 42, drop: ['rec_id'] });
 */
export function perturbRows(
  rows: ReadonlyArray<Readonly<Record<string, string>>>,
  options: { mix: QueryMix; seed: number; drop: readonly string[] },
): Array<Record<string, string>> {
  const random = seededRandom(options.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  return rows.map((row) => {
    const q: Record<string, string> = {};
    for (const [k, v] of Object.entries(row)) if (!options.drop.includes(k)) q[k] = v;
    const r = random();
    if (r < options.mix.exact) return q;
    const typoField = pick(TYPO_FIELDS.filter((f) => q[f] !== undefined && q[f].length >= 2));
    if (typoField !== undefined) q[typoField] = typo(q[typoField], random);
    if (r >= options.mix.exact + options.mix.oneTypo) {
      const gone = pick(DROPPABLE_FIELDS.filter((f) => q[f] !== undefined && f !== typoField));
      if (gone !== undefined) delete q[gone];
    }
    return q;
  });
}
