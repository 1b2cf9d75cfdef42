/** Test fixture: people written more than once, some with first name and surname transposed, phone and mobile swapped, city and town swapped, typos and missing values — what swapped-column matchkeys are for. */
import fc from 'fast-check';

// Several names are both first names and surnames (Lee, Grant, Thomas, John, Ann), so a crossed
// reading can agree fully with another record's as-written one; José, Zoë and Müller are not ASCII.
const FIRST = ['John', 'Mary', 'José', 'Zoë', 'Ann', 'Lee', 'Grant', 'Thomas', 'Peter', 'Ruth'];
const LAST = ['Smith', 'Lee', 'Grant', 'Thomas', 'Müller', 'Brown', 'John', 'Ann', 'Peters', 'Young'];
const PLACES = ['Leeds', 'York', 'Hull', 'Bath'];
const ENTITIES = 40;

/** One written record: which entity, and how it was garbled. */
const record = fc.record({
  entity: fc.nat(ENTITIES - 1),
  swapNames: fc.boolean(),
  swapPhones: fc.boolean(),
  swapPlaces: fc.boolean(),
  sameNames: fc.integer({ min: 0, max: 9 }),
  typo: fc.constantFrom('', '', '', 'first', 'surname'),
  missing: fc.constantFrom('', '', '', '', 'first_name', 'surname', 'phone', 'mobile', 'town'),
});

function ascii(s: string): string {
  return s.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');
}

/**
 * A CSV (header `first_name,surname,phone,mobile,city,town,zip`) of `rows`
 * records of 40 people, seeded; with `asciiOnly` every value is ASCII (for
 * printed SQL whose built-in scorers compare ASCII text only).
 *
 * @example
 * writeFileSync(file, swappedPeopleCsv(150, 7, false));
 */
export function swappedPeopleCsv(rows: number, seed: number, asciiOnly: boolean): string {
  const text = (s: string): string => (asciiOnly ? ascii(s) : s);
  const lines = fc.sample(record, { numRuns: rows, seed }).map((r) => {
    const e = r.entity;
    let first = text(FIRST[e % FIRST.length]);
    let surname = text(LAST[(e * 7 + 3) % LAST.length]);
    // One record in ten writes the first name twice (first name = surname): every reading ties.
    if (r.sameNames === 0) surname = first;
    if (r.typo === 'first') first = `${first.slice(0, -1)}e`;
    if (r.typo === 'surname') surname = `${surname}s`;
    let phone = `0113 49${String(e).padStart(4, '0')}`;
    let mobile = `07700 9${String((e * 37) % 1000).padStart(5, '0')}`;
    let city = PLACES[e % PLACES.length];
    let town = PLACES[(e + 1 + (e >> 2)) % PLACES.length];
    if (r.swapNames) [first, surname] = [surname, first];
    if (r.swapPhones) [phone, mobile] = [mobile, phone];
    if (r.swapPlaces) [city, town] = [town, city];
    const values: Record<string, string> = { first_name: first, surname, phone, mobile, city, town, zip: `Z${e % 4}` };
    if (r.missing !== '') values[r.missing] = '';
    return ['first_name', 'surname', 'phone', 'mobile', 'city', 'town', 'zip'].map((c) => values[c]).join(',');
  });
  return `first_name,surname,phone,mobile,city,town,zip\n${lines.join('\n')}\n`;
}
