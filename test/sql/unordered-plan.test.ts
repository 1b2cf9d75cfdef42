/** An unordered blocking key compiles in every dialect: the plan keys the pass on two derived columns, the records table makes them with the dialect's least/greatest of the two prepared columns (null when either is), and the candidates join on them. */
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
      - {field: first_name, scorer: jaro_winkler, transforms: [lowercase]}
      - {field: surname, scorer: jaro_winkler, transforms: [lowercase]}
blocking:
  keys:
    - fields: [dob]
    - fields: [{field: first_name, transforms: [lowercase]}, {field: surname, transforms: [lowercase]}]
      unordered: true
`,
  'unordered.yaml',
);

const PLAN = planSql(CONFIG);
/** The prepared column of a field (all three have one chain here). */
const col = (field: string): string => PLAN.columns.find((c) => c.ref.field === field)?.name ?? '';

test('the plan keys an unordered pass on least/greatest columns made from its two prepared columns', () => {
  assert.deepEqual(
    PLAN.passes.map((p) => [p.columns, p.unordered]),
    [
      [[col('dob')], null],
      [['u1_least', 'u1_greatest'], { of: [col('first_name'), col('surname')] }],
    ],
  );
});

test('every dialect makes the two columns with its least/greatest and joins the pass on them', () => {
  for (const dialect of DIALECTS) {
    const d = dialectNamed(dialect);
    const statements = compileStatements(CONFIG, d, { table: 'crm.people', id: dialect === 'duckdb' ? null : 'record_id', prefix: 'kindred_', configLabel: 'unordered.yaml' });
    const sqlOf = (table: string): string => statements.find((x) => x.table.includes(table))?.sql ?? '';
    const [records, candidates] = [{ sql: sqlOf('kindred_records') }, { sql: sqlOf('kindred_candidates') }];
    const [a, b] = [col('first_name'), col('surname')];
    assert.ok(records.sql.includes(`CASE WHEN ${a} IS NULL OR ${b} IS NULL THEN NULL ELSE ${d.least(a, b)} END AS u1_least`), dialect);
    assert.ok(records.sql.includes(`CASE WHEN ${a} IS NULL OR ${b} IS NULL THEN NULL ELSE ${d.greatest(a, b)} END AS u1_greatest`), dialect);
    assert.match(candidates.sql, /l\.u1_least = r\.u1_least AND l\.u1_greatest = r\.u1_greatest/, dialect);
  }
});
