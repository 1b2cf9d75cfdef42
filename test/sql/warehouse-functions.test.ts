/** Every warehouse function a printed script creates (BigQuery JavaScript, Databricks Python, Trino SQL routine) equals kindred's own transform or scorer bit for bit, on ASCII and other text: the JavaScript is run here, the Python under python3, the Trino routine parsed by the Trino grammar and run from its parse tree. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { checkScorer } from '../../src/engine/scorers/registry.js';
import { checkTransform } from '../../src/engine/transforms/registry.js';
import { DUCKDB_MACROS } from '../../src/sql/duckdb-macros/index.js';
import { WAREHOUSE_FUNCTIONS, warehouseFunction } from '../../src/sql/warehouse-functions.js';
import { bound, DOMAINS, inputs, kindred, label, SPECS, specsOf } from './function-corpus.js';
import { syntaxErrors } from './dialect-parsers.js';
import { trinoRoutine } from './trino-routine.js';

test('every warehouse function is one of kindred transforms or scorers, each warehouse creates it, DuckDB where it has a macro', () => {
  assert.deepEqual([...WAREHOUSE_FUNCTIONS.keys()].sort(), ['damerau_levenshtein', 'jaro', 'jaro_winkler', 'amount', 'ascii_fold', 'code_token', 'date', 'date_diff', 'ensemble', 'geo_haversine', 'metaphone', 'metaphone_match', 'monge_elkan', 'numeric_diff', 'qgram', 'qgram_jaccard', 'soundex', 'soundex_match', 'strip_honorifics', 'token_set', 'token_sort', 'token_sort_ratio'].sort());
  for (const key of [...Object.keys(SPECS), ...Object.keys(DOMAINS)]) assert.ok(WAREHOUSE_FUNCTIONS.has(key), `inputs for ${key}, which is no warehouse function`);
  for (const [key, f] of WAREHOUSE_FUNCTIONS) {
    assert.equal(key, f.sqlName ?? f.name);
    assert.equal(f.kind === 'scorer' ? checkScorer(f.name) : checkTransform(f.name), null, f.name);
    assert.equal(warehouseFunction('duckdb', key)?.name ?? null, DUCKDB_MACROS.has(key) ? `kindred_${key}` : null);
    for (const d of ['bigquery', 'spark', 'trino'] as const) assert.equal(warehouseFunction(d, key)?.name, `kindred_${key}`);
  }
});

test('the BigQuery JavaScript bodies equal kindred', () => {
  for (const f of WAREHOUSE_FUNCTIONS.values()) {
    const fn = new Function(`${f.javascript.source}\nreturn ${f.javascript.call};`)() as (...args: Array<string | number>) => number | string;
    for (const spec of specsOf(f)) {
      const mine = kindred(f, spec);
      for (const args of inputs(f)) assert.equal(fn(...args, ...bound(f, spec)), mine(...args), label(spec, args));
    }
  }
});

let python: string | null = null;
try {
  python = execFileSync('python3', ['--version'], { encoding: 'utf8' }) ? 'python3' : null;
} catch {
  python = null;
}

test('the Databricks Python bodies equal kindred', { skip: python === null ? 'python3 not installed' : false }, () => {
  for (const f of WAREHOUSE_FUNCTIONS.values()) {
    for (const spec of specsOf(f)) {
      const mine = kindred(f, spec);
      const cases = inputs(f).map((args) => [...args, ...bound(f, spec)]);
      // repr() of a Python float is its shortest round-trip spelling, as String() of a JavaScript number; strings go back as JSON.
      const script = `${f.python.source}\nimport json, sys\nfor args in json.load(sys.stdin):\n    print(json.dumps(${f.python.call}(*args)))\n`;
      const out = execFileSync('python3', ['-c', script], { input: JSON.stringify(cases), encoding: 'utf8', maxBuffer: 1 << 26 }).trim().split('\n');
      assert.equal(out.length, cases.length);
      const args = inputs(f);
      out.forEach((line, i) => assert.equal(JSON.parse(line), mine(...args[i]), label(spec, args[i])));
    }
  }
});

test('the Trino SQL routines parse with the Trino grammar and, run from that parse tree, equal kindred', () => {
  for (const [key, f] of WAREHOUSE_FUNCTIONS) {
    const sql = (warehouseFunction('trino', key) as NonNullable<ReturnType<typeof warehouseFunction>>).create(`hive.crm.kindred_${key}`);
    assert.deepEqual(syntaxErrors('trino', sql), [], sql);
    const routine = trinoRoutine(sql);
    assert.equal(routine.name, `hive.crm.kindred_${key}`);
    for (const spec of specsOf(f)) {
      const mine = kindred(f, spec);
      for (const args of inputs(f)) assert.equal(routine.call(...args, ...bound(f, spec)), mine(...args), label(spec, args));
    }
  }
});
