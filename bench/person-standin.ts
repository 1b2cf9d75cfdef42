/** `node dist/bench/person-standin.js`: a synthetic person table with several name columns, a date, places and codes, each corrupted independently, for checking zero-config on data it was not tuned on (docs/autoconfig.md §3.3, §9). */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const USAGE = `Usage: node dist/bench/person-standin.js --out people.csv --truth truth.csv [--seed 7] [--entities 6000] [--layout standin|four-names]

Writes unique_id,cluster,first_name,middle_name,surname,full_name,dob,birth_place,postcode_fake,gender,occupation
(1 to 10 records per person, shuffled; exclude unique_id and cluster when matching) and row_id,cluster truth.
--layout four-names writes unique_id,cluster,full_name,first_and_surname,first_name,surname,dob,... instead:
four columns carrying the same names, the middle name only inside the full name.
The same seed, entities and layout give the same files.
`;

/** A seeded generator (mulberry32): the files are reproducible. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = 'ab ad al an ar as ba be bel ber bo bra bri ca car cha cla co cor da dal de del den do dra du el en er fa fe fer fi fo ga gal ge gil go gra gre ha hal he hel hen ho ka kel ken ki kin la lan le len li lo lu ma mal mar me mer mi mo mor na ne ni no nor pa pe pen pi po ra ran re ri ro ru sa sal se sha she si so sta ste ta tal te ter ti to tra tre tu va ve vi wa wal we wil wo'.split(' ');
const ENDINGS = 'ton ley son ford field land ham wood well by worth more dale stead ridge brook hurst man ner ler ker sen ston croft wick ell ett ard ick ing'.split(' ');
const COMMON_FIRST = 'john william thomas james george charles henry joseph edward robert mary elizabeth sarah ann jane margaret emma alice ellen hannah catherine martha arthur albert frederick walter harry richard samuel alfred'.split(' ');
const COMMON_JOBS = 'labourer farmer servant clerk weaver miner carpenter tailor teacher merchant blacksmith mason baker shoemaker soldier sailor gardener painter butcher nurse'.split(' ');
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

interface Person {
  first: string;
  middle: string;
  surname: string;
  year: number;
  month: number;
  day: number;
  place: string;
  code: string;
  gender: string;
  job: string;
}

function main(): number {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        out: { type: 'string' },
        truth: { type: 'string' },
        seed: { type: 'string', default: '7' },
        entities: { type: 'string', default: '6000' },
        layout: { type: 'string', default: 'standin' },
        help: { type: 'boolean' },
      },
    }));
  } catch (e) {
    process.stderr.write(`person-standin: ${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help === true) {
    process.stdout.write(USAGE);
    return 0;
  }
  const fourNames = values.layout === 'four-names';
  const bad = [
    ...(values.out === undefined ? ['--out is required'] : []),
    ...(values.truth === undefined ? ['--truth is required'] : []),
    ...(fourNames || values.layout === 'standin' ? [] : [`--layout must be standin or four-names, got "${values.layout}"`]),
    ...(['seed', 'entities'] as const).filter((k) => !/^\d+$/.test(values[k] ?? '')).map((k) => `--${k} must be a whole number, got "${values[k]}"`),
  ];
  if (bad.length > 0 || values.out === undefined || values.truth === undefined) {
    process.stderr.write(`person-standin: ${bad.join('; ')}\n\n${USAGE}`);
    return 2;
  }
  const random = seeded(Number(values.seed));
  const int = (n: number): number => Math.floor(random() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  // Skewed towards the head of the list, as names and places are: a few very common, a long tail.
  const skewed = <T>(xs: readonly T[], skew: number): T => xs[Math.min(xs.length - 1, Math.floor(Math.pow(random(), 1 + skew) * xs.length))];
  const word = (min: number, max: number, ending: number): string => {
    let w = '';
    for (let i = min + int(max - min + 1); i > 0; i--) w += pick(SYLLABLES);
    return random() < ending ? w + pick(ENDINGS) : w;
  };
  const distinct = (n: number, make: () => string): string[] => {
    const set = new Set<string>();
    while (set.size < n) set.add(make());
    return [...set];
  };
  const firstNames = [...COMMON_FIRST, ...distinct(600, () => word(2, 2, 0.2))];
  const surnames = distinct(5000, () => word(2, 3, 0.6));
  const places = distinct(1500, () => word(2, 3, 0.7));
  const jobs = [...COMMON_JOBS, ...distinct(200, () => word(2, 3, 0.3) + 'er')];
  const upper = (): string => pick(LETTERS.toUpperCase().split(''));
  const code = (): string => `${upper()}${upper()}${1 + int(30)} ${int(10)}${upper()}${upper()}`;
  // One edit: a deletion, an insertion, a transposition or a substitution.
  const typo = (v: string): string => {
    if (v === '') return v;
    const i = int(v.length);
    const kind = int(4);
    if (kind === 0) return v.slice(0, i) + v.slice(i + 1);
    if (kind === 1) return v.slice(0, i) + pick(LETTERS.split('')) + v.slice(i);
    // At the last character there is nothing to swap with: it is substituted instead.
    if (kind === 2 && i + 1 < v.length) return v.slice(0, i) + v[i + 1] + v[i] + v.slice(i + 2);
    return v.slice(0, i) + pick(LETTERS.split('')) + v.slice(i + 1);
  };
  const chance = (p: number): boolean => random() < p;
  const rows: (string | number)[][] = [];
  const entities = Number(values.entities);
  for (let e = 0; e < entities; e++) {
    const p: Person = {
      first: skewed(firstNames, 1.2),
      middle: chance(0.5) ? skewed(firstNames, 1.2) : '',
      surname: skewed(surnames, 0.6),
      year: 1800 + int(100),
      month: 1 + int(12),
      day: 1 + int(28),
      place: skewed(places, 0.8),
      code: code(),
      gender: chance(0.5) ? 'male' : 'female',
      job: skewed(jobs, 1.0),
    };
    // Records per person: 1 + a geometric-like tail, at most 10.
    const copies = 1 + Math.min(9, Math.floor(-Math.log(1 - random()) * 2.2));
    for (let k = 0; k < copies; k++) {
      // Every column is blanked or corrupted on its own draw: no column's state says anything about another's.
      const first = chance(0.12) ? '' : chance(0.2) ? typo(p.first) : chance(0.05) ? p.first[0] : p.first;
      const middle = chance(0.3) ? '' : chance(0.15) ? typo(p.middle) : p.middle;
      const surname = chance(0.1) ? '' : chance(0.2) ? typo(p.surname) : p.surname;
      const full = chance(0.15) ? '' : [chance(0.15) ? typo(p.first) : p.first, chance(0.5) ? '' : p.middle, chance(0.15) ? typo(p.surname) : p.surname].filter((x) => x !== '').join(' ');
      let year = p.year + (chance(0.15) ? (chance(0.5) ? -1 : 1) * (1 + int(2)) : 0);
      let month = p.month;
      let day = p.day;
      if (chance(0.1)) [month, day] = [Math.min(12, day), month];
      if (chance(0.1)) day = 1 + int(28);
      const dob = chance(0.15) ? '' : `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      const place = chance(0.25) ? '' : chance(0.15) ? typo(p.place) : chance(0.05) ? skewed(places, 0.8) : p.place;
      const postcode = chance(0.2) ? '' : chance(0.25) ? code() : chance(0.1) ? typo(p.code) : p.code;
      const gender = chance(0.1) ? '' : chance(0.02) ? (p.gender === 'male' ? 'female' : 'male') : p.gender;
      const job = chance(0.4) ? '' : chance(0.25) ? skewed(jobs, 1.0) : p.job;
      if (fourNames) {
        // Drawn after every other column, so the standin layout's draws (and files) are unchanged.
        const firstAndSurname = chance(0.15) ? '' : [chance(0.15) ? typo(p.first) : p.first, chance(0.15) ? typo(p.surname) : p.surname].join(' ');
        rows.push([rows.length, e, full, firstAndSurname, first, surname, dob, place, postcode, gender, job]);
      } else rows.push([rows.length, e, first, middle, surname, full, dob, place, postcode, gender, job]);
    }
  }
  for (let i = rows.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [rows[i], rows[j]] = [rows[j], rows[i]];
  }
  const cell = (v: string | number): string => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  const header = fourNames
    ? 'unique_id,cluster,full_name,first_and_surname,first_name,surname,dob,birth_place,postcode_fake,gender,occupation'
    : 'unique_id,cluster,first_name,middle_name,surname,full_name,dob,birth_place,postcode_fake,gender,occupation';
  writeFileSync(values.out, [header, ...rows.map((r) => r.map(cell).join(','))].join('\n') + '\n');
  writeFileSync(values.truth, ['row_id,cluster', ...rows.map((r, i) => `${i},${r[1]}`)].join('\n') + '\n');
  process.stderr.write(`${rows.length} rows of ${entities} people\n`);
  return 0;
}

process.exitCode = main();
