/** Every warehouse function a printed script creates (BigQuery JavaScript, Databricks Python, Trino SQL routine) equals kindred's own transform or scorer bit for bit, on ASCII and other text: the JavaScript is run here, the Python under python3, the Trino routine parsed by the Trino grammar and run from its parse tree. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import fc from 'fast-check';
import { createScorer } from '../../src/engine/scorers/registry.js';
import { getTransform } from '../../src/engine/transforms/registry.js';
import { WAREHOUSE_FUNCTIONS, warehouseFunction } from '../../src/sql/warehouse-functions.js';
import type { WarehouseFunction } from '../../src/sql/functions/warehouse-function.js';
import { syntaxErrors } from './dialect-parsers.js';
import { trinoRoutine } from './trino-routine.js';

// Letters that repeat (so Jaro windows and transpositions happen), soundex's classes, characters whose
// NFKD or upper case is special (é, ß, ﬀ, ı, ſ, İ, ǅ), a surrogate pair, a digit, a space.
const PIECES = ['a', 'b', 'c', 'r', 't', 'h', 'w', 'm', 'o', 'é', 'ß', 'ﬀ', 'ı', 'ſ', 'İ', 'ǅ', '😀', '7', ' ', 'x', 'S', 'P'];
const text = fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 24 }).map((p) => p.join(''));
const pairs: Array<[string, string]> = fc.sample(fc.tuple(text, text), { numRuns: 2000, seed: 99 });
pairs.push(['martha', 'marhta'], ['', ''], ['a', 'a'], ['a', ''], ['dixon', 'dicksonx'], ['ca', 'abc'], ['a'.repeat(40), `${'a'.repeat(20)}b${'a'.repeat(19)}`]);
const values = [...new Set(pairs.flat())].concat(['Ashcraft', 'joseph bradshaw', 'José', '123', 'Tymczak', 'Pfister', 'Straße', 'ﬀolkes']);

/** kindred's own value for the function's inputs (the scorer's `values`, the transform itself). */
function kindred(f: WarehouseFunction): (...args: string[]) => number | string {
  if (f.kind === 'scorer') {
    const s = createScorer(f.name, null);
    return (a, b) => s.values(a, b);
  }
  const t = getTransform(f.name);
  return (x) => t(x) ?? '';
}

const inputs = (f: WarehouseFunction): string[][] => (f.kind === 'scorer' ? pairs : values.map((v) => [v]));
const label = (f: WarehouseFunction, args: string[]): string => `${f.name}(${args.map((a) => JSON.stringify(a)).join(', ')})`;

test('every warehouse function is one of kindred transforms or scorers and each dialect but DuckDB creates it', () => {
  assert.deepEqual([...WAREHOUSE_FUNCTIONS.keys()].sort(), ['damerau_levenshtein', 'jaro', 'jaro_winkler', 'soundex']);
  for (const f of WAREHOUSE_FUNCTIONS.values()) {
    assert.equal(warehouseFunction('duckdb', f.name), null);
    for (const d of ['bigquery', 'spark', 'trino'] as const) assert.equal(warehouseFunction(d, f.name)?.name, `kindred_${f.name}`);
  }
});

test('the BigQuery JavaScript bodies equal kindred', () => {
  for (const f of WAREHOUSE_FUNCTIONS.values()) {
    const mine = kindred(f);
    const fn = new Function(`${f.javascript.source}\nreturn ${f.javascript.call};`)() as (...args: string[]) => number | string;
    for (const args of inputs(f)) assert.equal(fn(...args), mine(...args), label(f, args));
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
    const mine = kindred(f);
    const cases = inputs(f);
    // repr() of a Python float is its shortest round-trip spelling, as String() of a JavaScript number; strings go back as JSON.
    const script = `${f.python.source}\nimport json, sys\nfor args in json.load(sys.stdin):\n    print(json.dumps(${f.python.call}(*args)))\n`;
    const out = execFileSync('python3', ['-c', script], { input: JSON.stringify(cases), encoding: 'utf8', maxBuffer: 1 << 26 }).trim().split('\n');
    assert.equal(out.length, cases.length);
    out.forEach((line, i) => assert.equal(JSON.parse(line), mine(...cases[i]), label(f, cases[i])));
  }
});

test('the Trino SQL routines parse with the Trino grammar and, run from that parse tree, equal kindred', () => {
  for (const f of WAREHOUSE_FUNCTIONS.values()) {
    const sql = (warehouseFunction('trino', f.name) as NonNullable<ReturnType<typeof warehouseFunction>>).create(`hive.crm.kindred_${f.name}`);
    assert.deepEqual(syntaxErrors('trino', sql), [], sql);
    const routine = trinoRoutine(sql);
    assert.equal(routine.name, `hive.crm.kindred_${f.name}`);
    const mine = kindred(f);
    for (const args of inputs(f)) assert.equal(routine.call(...args), mine(...args), label(f, args));
  }
});
