/** Small synthetic tables for the controller tests: deterministic people with noisy duplicates. */
import type { WeightedMatchkey } from '../../src/config/types.js';
import { ColumnStore } from '../../src/data/column-store.js';
import { seededStream } from '../../src/engine/probabilistic/seeded-random.js';

const FIRST = ['anna', 'boris', 'carla', 'dmitri', 'elena', 'felix', 'greta', 'hugo', 'irene', 'jonas', 'karin', 'lukas', 'maria', 'nils', 'olga', 'peter'];
const LAST = ['keller', 'brandt', 'novak', 'silva', 'moreau', 'fischer', 'costa', 'larsen', 'weber', 'horvat', 'rossi', 'jansen', 'kowal', 'berg', 'lind', 'dahl'];
const CITY = ['north', 'south', 'east', 'west', 'central'];

/** The project's seeded generator (mulberry32), so fixtures never change between runs. */
export const rng: (seed: number) => () => number = seededStream;

/** One person: name, city, email and an account number. */
export interface Person {
  name: string;
  city: string;
  email: string;
  account: string;
}

/** `entities` distinct people, each written 1–3 times; `noise` perturbs copies. */
export function people(entities: number, seed: number, noise: (p: Person, r: () => number) => Person = (p) => p): ColumnStore {
  const r = rng(seed);
  const rows: (string | null)[][] = [];
  for (let e = 0; e < entities; e++) {
    const first = FIRST[Math.floor(r() * FIRST.length)];
    const last = LAST[Math.floor(r() * LAST.length)];
    const base: Person = {
      name: `${first} ${last}`,
      city: CITY[Math.floor(r() * CITY.length)],
      email: `${first}.${last}${e}@mail.example`,
      account: String(100000 + e * 7),
    };
    const copies = 1 + Math.floor(r() * 3);
    for (let k = 0; k < copies; k++) {
      const p = k === 0 ? base : noise({ ...base }, r);
      rows.push([p.name, p.city, p.email, p.account]);
    }
  }
  return ColumnStore.fromRows(['name', 'city', 'email', 'account'], rows);
}

/** A weighted matchkey over the {@link people} columns: the name fuzzy, the city weak, the e-mail edited, the account exact. */
export function peopleMatchkey(threshold: number, negativeEvidence: WeightedMatchkey['negative_evidence'] = []): WeightedMatchkey {
  return {
    name: 'auto_weighted',
    type: 'weighted',
    threshold,
    min_weight: 0,
    fields: [
      { field: 'name', transforms: ['lowercase'], scorer: 'jaro_winkler', weight: 1 },
      { field: 'city', transforms: [], scorer: 'exact', weight: 0.3 },
      { field: 'email', transforms: [], scorer: 'damerau_levenshtein', weight: 1 },
      { field: 'account', transforms: [], scorer: 'exact', weight: 1 },
    ],
    negative_evidence: negativeEvidence,
  };
}

/** Build a store from named columns and rows. */
export function table(names: string[], rows: (string | null)[][]): ColumnStore {
  return ColumnStore.fromRows(names, rows);
}

/** A random pronounceable word of `n` letters. */
export function word(r: () => number, n = 6): string {
  let s = '';
  for (let i = 0; i < n; i++) s += 'bcdfghklmnprstvz'[Math.floor(r() * 16)] + 'aeiou'[Math.floor(r() * 5)];
  return s.slice(0, n);
}
