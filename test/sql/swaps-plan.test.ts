/** Swapped columns compile: no `sql_unsupported` in any dialect, and the plan holds each crossed comparison once (record a's column against record b's other column) and one reading per combination of the swaps, at the swap's mean weight. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseConfigText } from '../../src/config/index.js';
import { DIALECTS } from '../../src/sql/dialect.js';
import { dialectNamed } from '../../src/sql/dialects/index.js';
import { planSql } from '../../src/sql/plan.js';
import { compileStatements } from '../../src/sql/script.js';

const CONFIG = parseConfigText(
  `
matchkeys:
  - name: person
    type: weighted
    threshold: 0.8
    fields:
      - {field: first_name, scorer: jaro_winkler, weight: 0.6, transforms: [lowercase]}
      - {field: surname, scorer: jaro_winkler, weight: 0.9, transforms: [lowercase]}
      - {field: phone, scorer: exact, weight: 0.3}
      - {field: mobile, scorer: exact, weight: 0.2}
    swaps: [[first_name, surname], [mobile, phone]]
  - name: names_only
    type: weighted
    threshold: 0.9
    fields:
      - {field: first_name, scorer: jaro_winkler, weight: 1, transforms: [lowercase]}
      - {field: surname, scorer: jaro_winkler, weight: 1, transforms: [lowercase]}
    swaps: [[first_name, surname]]
blocking: {keys: [{fields: [phone]}]}
`,
  'swaps.yaml',
);

test('a weighted matchkey with swaps compiles for every dialect (no sql_unsupported)', () => {
  for (const dialect of DIALECTS) {
    assert.doesNotThrow(() =>
      compileStatements(CONFIG, dialectNamed(dialect), { table: 'crm.people', id: dialect === 'duckdb' ? null : 'record_id', prefix: 'kindred_', configLabel: 'swaps.yaml' }),
    );
  }
});

test('the plan: crossed comparisons once each, every combination of the swaps read, crossed terms at the mean weight, in configuration order', () => {
  const plan = planSql(CONFIG);
  const column = (field: string): string => {
    const c = plan.columns.find((x) => x.ref.field === field);
    assert.ok(c !== undefined, field);
    return c.name;
  };
  const [first, surname, phone, mobile] = ['first_name', 'surname', 'phone', 'mobile'].map(column);
  const named = (left: string, right: string, scorer: string): string => {
    const hits = plan.comparisons.filter((c) => c.column === left && c.right === right && c.scorer === scorer);
    assert.equal(hits.length, 1, `${left} against ${right}`);
    return hits[0].name;
  };
  // Four direct and four crossed comparisons; the second matchkey shares them all.
  assert.equal(plan.comparisons.length, 8);
  const direct = [named(first, first, 'jaro_winkler'), named(surname, surname, 'jaro_winkler'), named(phone, phone, 'exact'), named(mobile, mobile, 'exact')];
  const [fs, sf, mp, pm] = [named(first, surname, 'jaro_winkler'), named(surname, first, 'jaro_winkler'), named(mobile, phone, 'exact'), named(phone, mobile, 'exact')];
  const [person, namesOnly] = plan.matchkeys;
  assert.deepEqual(person.fields.map((f) => f.comparison), direct);
  const names = (0.6 + 0.9) / 2;
  const phones = (0.3 + 0.2) / 2;
  assert.deepEqual(person.crossed, [
    { fields: [{ comparison: fs, weight: names }, { comparison: sf, weight: names }, { comparison: direct[2], weight: 0.3 }, { comparison: direct[3], weight: 0.2 }], unlessAgreeing: [[direct[0], direct[1]]] },
    { fields: [{ comparison: direct[0], weight: 0.6 }, { comparison: direct[1], weight: 0.9 }, { comparison: pm, weight: phones }, { comparison: mp, weight: phones }], unlessAgreeing: [[direct[3], direct[2]]] },
    {
      fields: [{ comparison: fs, weight: names }, { comparison: sf, weight: names }, { comparison: pm, weight: phones }, { comparison: mp, weight: phones }],
      unlessAgreeing: [[direct[0], direct[1]], [direct[3], direct[2]]],
    },
  ]);
  assert.deepEqual(namesOnly.crossed, [{ fields: [{ comparison: fs, weight: 1 }, { comparison: sf, weight: 1 }], unlessAgreeing: [[direct[0], direct[1]]] }]);
});
