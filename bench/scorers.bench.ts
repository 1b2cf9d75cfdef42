/** Benchmark: comparisons per second of every scorer through the hot `ids()` path, on realistic names with typos. */
import { pathToFileURL } from 'node:url';
import { Bench } from 'tinybench';
import { FieldDictionary } from '../src/engine/fields/field-dictionary.js';
import { createScorer } from '../src/engine/scorers/registry.js';
import type { BoundScorer } from '../src/engine/scorers/types.js';
import { seededStream as prng } from '../src/engine/probabilistic/seeded-random.js';

const GIVEN = [
  'james', 'mary', 'robert', 'patricia', 'john', 'jennifer', 'michael', 'linda', 'david', 'elizabeth',
  'william', 'barbara', 'richard', 'susan', 'joseph', 'jessica', 'thomas', 'sarah', 'charles', 'karen',
  'christopher', 'nancy', 'daniel', 'lisa', 'matthew', 'betty', 'anthony', 'margaret', 'mark', 'sandra',
  'jose', 'zoe', 'francois', 'anna', 'lukas', 'sofia', 'mohammed', 'wei', 'aiko', 'olga',
];
const FAMILY = [
  'smith', 'johnson', 'williams', 'brown', 'jones', 'garcia', 'miller', 'davis', 'rodriguez', 'martinez',
  'hernandez', 'lopez', 'gonzalez', 'wilson', 'anderson', 'thomas', 'taylor', 'moore', 'jackson', 'martin',
  'lee', 'perez', 'thompson', 'white', 'harris', 'sanchez', 'clark', 'ramirez', 'lewis', 'robinson',
  'muller', 'schmidt', 'dubois', 'rossi', 'kowalski', 'nguyen', 'tanaka', 'ivanova', 'okafor', 'silva',
];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function typo(word: string, random: () => number): string {
  const i = Math.floor(random() * word.length);
  const letter = LETTERS[Math.floor(random() * LETTERS.length)];
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + letter + word.slice(i);
    case 2:
      return word.slice(0, i) + letter + word.slice(i + 1);
    default:
      return i + 1 < word.length ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : word;
  }
}

/**
 * About 2,000 distinct name-like values (given names, surnames, "given
 * surname" pairs; 4–12 characters mostly), a third of them with one typo.
 *
 * @example
 * benchNames(2000, 7).length; // 2000
 */
export function benchNames(count: number, seed: number): string[] {
  const random = prng(seed);
  const seen = new Set<string>();
  const out: string[] = [];
  while (out.length < count) {
    const given = GIVEN[Math.floor(random() * GIVEN.length)];
    const family = FAMILY[Math.floor(random() * FAMILY.length)];
    const shape = random();
    let name = shape < 0.4 ? family : shape < 0.7 ? given : `${given} ${family}`;
    if (random() < 0.35) name = typo(name, random);
    if (name.length > 0 && !seen.has(name)) {
      seen.add(name);
      out.push(name);
    }
  }
  return out;
}

const SCORERS = [
  'exact',
  'jaro',
  'jaro_winkler',
  'levenshtein',
  'damerau_levenshtein',
  'token_sort',
  'token_set',
  'qgram',
  'soundex_match',
  'metaphone_match',
  'ensemble',
  'tfidf_cosine',
  'monge_elkan',
];
const PAIRS = 20_000;

/** One scorer's throughput. */
export interface ScorerBenchRow {
  scorer: string;
  /** Wall-clock rate measured by tinybench. */
  comparisonsPerSecond: number;
  /**
   * The same work timed by this process's CPU time: on a shared, busy
   * machine the wall-clock rate drops with the load, this one much less.
   */
  cpuComparisonsPerSecond: number;
}

type BatchLoop = (scorer: BoundScorer, left: Int32Array, right: Int32Array) => number;

/**
 * A loop over the id pairs with a call site of its own. Closures made at one
 * place in the source share V8's call feedback, so one loop serving all
 * thirteen scorers went megamorphic from the second scorer on: every later
 * scorer was measured through a generic call that inlines nothing, and its
 * figure depended on its place in the list. Compiled per scorer, each loop
 * sees one scorer, as a kernel benchmark should.
 *
 * @example
 * ownLoop()(createScorer('jaro', dict), left, right); // the sum of 20,000 similarities
 */
function ownLoop(): BatchLoop {
  return new Function('scorer', 'left', 'right', 'let t = 0; for (let i = 0; i < left.length; i++) t += scorer.ids(left[i], right[i]); return t;') as BatchLoop;
}

/**
 * Measures comparisons per second of each scorer through `ids()` on a
 * 2,000-value dictionary (derived per-value data is warmed first, as it is
 * after the first block in a real run).
 *
 * @example
 * const rows = await runScorerBench();
 * rows.find((r) => r.scorer === 'jaro_winkler')?.comparisonsPerSecond;
 */
export async function runScorerBench(options: { time?: number } = {}): Promise<ScorerBenchRow[]> {
  const names = benchNames(2000, 7);
  const dict = FieldDictionary.fromValues('name', ['lowercase'], names);
  const random = prng(11);
  const left = new Int32Array(PAIRS);
  const right = new Int32Array(PAIRS);
  for (let i = 0; i < PAIRS; i++) {
    left[i] = Math.floor(random() * dict.count);
    right[i] = Math.floor(random() * dict.count);
  }
  const bench = new Bench({ time: options.time ?? 500, warmup: true });
  let sink = 0;
  const batches = new Map<string, () => void>();
  for (const spec of SCORERS) {
    const scorer = createScorer(spec, dict);
    for (let id = 0; id < dict.count; id++) sink += scorer.ids(id, id);
    const loop = ownLoop();
    const batch = (): void => {
      sink += loop(scorer, left, right);
    };
    batches.set(spec, batch);
    bench.add(spec, batch);
  }
  await bench.run();
  const cpuRate = (batch: () => void): number => {
    const runs = 20;
    const start = process.cpuUsage();
    for (let r = 0; r < runs; r++) batch();
    const used = process.cpuUsage(start);
    return Math.round((runs * PAIRS) / ((used.user + used.system) / 1e6));
  };
  const rows = bench.tasks.map((task) => {
    const result = task.result;
    const meanMs = result.state === 'completed' ? result.latency.mean : Number.NaN;
    return {
      scorer: task.name,
      comparisonsPerSecond: Math.round((PAIRS / meanMs) * 1000),
      cpuComparisonsPerSecond: cpuRate(batches.get(task.name) as () => void),
    };
  });
  if (Number.isNaN(sink)) throw new Error('a scorer returned NaN');
  return rows;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await runScorerBench();
  console.table(
    rows.map((r) => ({
      scorer: r.scorer,
      'comparisons/s': r.comparisonsPerSecond.toLocaleString('en-US'),
      'comparisons/s (CPU time)': r.cpuComparisonsPerSecond.toLocaleString('en-US'),
    })),
  );
}
