/** The Jaro and Jaro–Winkler functions the SQL creates for BigQuery (JavaScript) and Databricks (Python) equal kindred's scorers bit for bit, on ASCII and other text. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import fc from 'fast-check';
import { jaro, jaroWinkler } from '../../src/engine/scorers/registry.js';
import { JAVASCRIPT_JARO, PYTHON_JARO } from '../../src/sql/scorer-functions.js';

const PIECES = ['a', 'b', 'c', 'r', 't', 'h', 'm', 'é', 'ß', '😀', ' ', 'x'];
const text = fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 40 }).map((p) => p.join(''));
const pairs = fc.sample(fc.tuple(text, text), { numRuns: 3000, seed: 99 });
pairs.push(['martha', 'marhta'], ['', ''], ['a', 'a'], ['a', ''], ['dixon', 'dicksonx'], ['a'.repeat(70), `${'a'.repeat(35)}b${'a'.repeat(34)}`]);

test('the BigQuery JavaScript body equals jaro and jaroWinkler', () => {
  const fns = new Function(`${JAVASCRIPT_JARO}\nreturn { jaro, jaroWinkler };`)() as { jaro: (a: string, b: string) => number; jaroWinkler: (a: string, b: string) => number };
  for (const [a, b] of pairs) {
    assert.equal(fns.jaro(a, b), jaro(a, b), `jaro(${JSON.stringify(a)}, ${JSON.stringify(b)})`);
    assert.equal(fns.jaroWinkler(a, b), jaroWinkler(a, b), `jaroWinkler(${JSON.stringify(a)}, ${JSON.stringify(b)})`);
  }
});

let python: string | null = null;
try {
  python = execFileSync('python3', ['--version'], { encoding: 'utf8' }) ? 'python3' : null;
} catch {
  python = null;
}

test('the Databricks Python body equals jaro and jaroWinkler', { skip: python === null ? 'python3 not installed' : false }, () => {
  // repr() of a Python float is its shortest round-trip spelling, as String() of a JavaScript number.
  const script = `${PYTHON_JARO}\nimport json, sys\nfor a, b in json.load(sys.stdin):\n    print(repr(jaro(a, b)), repr(jaro_winkler(a, b)))\n`;
  const out = execFileSync('python3', ['-c', script], { input: JSON.stringify(pairs), encoding: 'utf8', maxBuffer: 1 << 26 }).trim().split('\n');
  assert.equal(out.length, pairs.length);
  out.forEach((line, i) => {
    const [pj, pjw] = line.split(' ').map(Number);
    const [a, b] = pairs[i];
    assert.equal(pj, jaro(a, b), `jaro(${JSON.stringify(a)}, ${JSON.stringify(b)})`);
    assert.equal(pjw, jaroWinkler(a, b), `jaro_winkler(${JSON.stringify(a)}, ${JSON.stringify(b)})`);
  });
});
