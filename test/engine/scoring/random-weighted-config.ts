/** Test fixture: random tables and random weighted-matchkey configurations for the property tests of the scoring path. */
import fc from 'fast-check';

/**
 * The columns of every random table.
 *
 * @example
 * ColumnStore.fromRows(COLUMNS, rows);
 */
export const COLUMNS = ['a', 'b', 'c', 'd'];

/**
 * Random tables of 2 to `maxRows` rows over {@link COLUMNS}: few letters and
 * short words, so values repeat (cache hits) and nearly agree (scores near
 * every threshold); a cell is missing one time in six.
 *
 * @example
 * fc.assert(fc.property(randomTable(40), (rows) => rows.length >= 2));
 */
export function randomTable(maxRows: number): fc.Arbitrary<Array<[string | null, string | null, string | null, string | null]>> {
  const cell = fc.option(fc.stringMatching(/^[abcde ]{0,7}$/), { freq: 5 });
  return fc.array(fc.tuple(cell, cell, cell, cell), { minLength: 2, maxLength: maxRows });
}

/** One random configuration: a weighted matchkey, and optionally negative evidence, an exact matchkey beside it and a review band. */
export interface WeightedSetup {
  fields: Array<{ column: string; scorer: string; weight: number }>;
  threshold: number;
  reviewGap: number | null;
  minWeight: number;
  byRarity: boolean;
  negative: { column: string; scorer: string } | null;
  exactKey: boolean;
}

/**
 * Random {@link WeightedSetup}s with fields scored by `scorers`; with
 * `exactKey`, an exact matchkey on `a` and `b` comes second half the time.
 *
 * @example
 * fc.property(weightedSetup({ scorers: ['jaro_winkler', 'exact'], exactKey: true }), (s) => weightedConfigText(s).includes('weighted'));
 */
export function weightedSetup(options: { scorers: readonly string[]; exactKey: boolean }): fc.Arbitrary<WeightedSetup> {
  const field = fc.record({
    column: fc.constantFrom(...COLUMNS),
    scorer: fc.constantFrom(...options.scorers),
    weight: fc.integer({ min: 1, max: 20 }).map((w) => w / 10),
  });
  return fc.record({
    fields: fc.array(field, { minLength: 1, maxLength: 5 }),
    threshold: fc.integer({ min: 30, max: 95 }).map((t) => t / 100),
    reviewGap: fc.option(fc.integer({ min: 0, max: 30 }).map((g) => g / 100)),
    minWeight: fc.constantFrom(0, 1, 2.5),
    byRarity: fc.boolean(),
    negative: fc.option(fc.record({ column: fc.constantFrom(...COLUMNS), scorer: fc.constantFrom('exact', 'jaro_winkler') })),
    exactKey: options.exactKey ? fc.boolean() : fc.constant(false),
  });
}

/**
 * The YAML of a {@link WeightedSetup}.
 *
 * @example
 * parseConfigText(weightedConfigText(setup), 'random.yaml');
 */
export function weightedConfigText(s: WeightedSetup): string {
  const fields = s.fields.map((f) => `      - {field: ${f.column}, scorer: ${f.scorer}, weight: ${f.weight}}`).join('\n');
  const negative = s.negative === null ? '' : `\n    negative_evidence:\n      - {field: ${s.negative.column}, scorer: ${s.negative.scorer}, threshold: 0.6, penalty: 0.3}`;
  const exactKey = s.exactKey ? '\n  - name: same_a_b\n    type: exact\n    fields: [{field: a}, {field: b}]' : '';
  const review = s.reviewGap === null ? '' : `\nreview: {lo: ${Math.max(0, s.threshold - s.reviewGap).toFixed(2)}}`;
  return `matchkeys:
  - name: m
    type: weighted
    threshold: ${s.threshold}
    min_weight: ${s.minWeight}${s.byRarity ? '\n    min_weight_by_rarity: true' : ''}
    fields:
${fields}${negative}${exactKey}${review}
`;
}
