/** Deterministic synthetic person tables with known duplicates (typos, missing values), for the pipeline tests. */
import { ColumnStore } from '../../../src/data/column-store.js';
import { seededStream as prng } from '../../../src/engine/probabilistic/seeded-random.js';

const GIVEN = ['james', 'mary', 'robert', 'patricia', 'john', 'jennifer', 'michael', 'linda', 'david', 'elizabeth',
  'william', 'barbara', 'richard', 'susan', 'joseph', 'jessica', 'thomas', 'sarah', 'charles', 'karen', 'zoe', 'olga'];
const FAMILY = ['smith', 'johnson', 'williams', 'brown', 'jones', 'garcia', 'miller', 'davis', 'rodriguez', 'martinez',
  'hernandez', 'lopez', 'wilson', 'anderson', 'taylor', 'moore', 'jackson', 'martin', 'lee', 'thompson', 'white',
  'harris', 'clark', 'lewis', 'robinson', 'walker', 'young', 'allen', 'king', 'wright', 'nguyen', 'okafor'];
const CITIES = ['springfield', 'riverton', 'lakeside', 'hillview', 'fairmont', 'oakdale', 'brookfield', 'westport'];
const STATES = ['nsw', 'vic', 'qld', 'sa', 'wa', 'tas', 'nt', 'act'];

/**
 * The columns of {@link syntheticPeople}, in order.
 *
 * @example
 * PEOPLE_COLUMNS.indexOf('dob'); // 2
 */
export const PEOPLE_COLUMNS = ['given_name', 'surname', 'dob', 'zip', 'city', 'state'] as const;

/** A generated table: rows in {@link PEOPLE_COLUMNS} order and the true entity of every row. */
export interface SyntheticPeople {
  names: string[];
  rows: Array<Array<string | null>>;
  entityOf: Int32Array;
}

function typo(word: string, random: () => number): string {
  if (word.length < 3) return word;
  const i = 1 + Math.floor(random() * (word.length - 2));
  return random() < 0.5 ? word.slice(0, i) + word.slice(i + 1) : word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

/**
 * `rows` records: entities drawn from small name pools (so unrelated people
 * collide on blocking keys), about a third of the rows duplicates of an
 * earlier entity with a typo in a name, sometimes a missing city or zip.
 * Rows are shuffled so duplicates are not adjacent.
 *
 * @example
 * const people = syntheticPeople(3000, 7);
 * const store = ColumnStore.fromRows(people.names, people.rows);
 */
export function syntheticPeople(rows: number, seed: number): SyntheticPeople {
  const random = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const out: Array<Array<string | null>> = [];
  const entity: number[] = [];
  const originals: Array<Array<string | null>> = [];
  while (out.length < rows) {
    if (originals.length > 0 && random() < 0.33) {
      const e = Math.floor(random() * originals.length);
      const copy = originals[e].slice();
      const field = random() < 0.5 ? 0 : 1;
      copy[field] = typo(copy[field] as string, random);
      if (random() < 0.15) copy[4] = null;
      if (random() < 0.1) copy[3] = null;
      out.push(copy);
      entity.push(e);
    } else {
      const year = 1940 + Math.floor(random() * 60);
      const month = String(1 + Math.floor(random() * 12)).padStart(2, '0');
      const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
      const zip = String(Math.floor(random() * 400)).padStart(4, '0');
      const rec = [pick(GIVEN), pick(FAMILY), `${year}${month}${day}`, zip, pick(CITIES), pick(STATES)];
      originals.push(rec);
      out.push(rec.slice());
      entity.push(originals.length - 1);
    }
  }
  // Fisher–Yates with the same generator keeps the shuffle deterministic.
  const order = out.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return {
    names: [...PEOPLE_COLUMNS],
    rows: order.map((i) => out[i]),
    entityOf: Int32Array.from(order.map((i) => entity[i])),
  };
}

/**
 * The generated table as a ColumnStore (missing cells stay missing).
 *
 * @example
 * const store = peopleStore(syntheticPeople(500, 1));
 */
export function peopleStore(people: SyntheticPeople): ColumnStore {
  return ColumnStore.fromRows(people.names, people.rows);
}
