/** The JSON syntax locator: valid texts pass, invalid ones point at the first bad character. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { locateJsonSyntaxError } from './locate-syntax-error.js';

test('valid JSON texts (those JSON.parse accepts) have no error position', () => {
  for (const text of ['0', '-0.5e+10', '"a\\u00e9\\n"', 'true', ' null ', '[]', '{}', '[1, [2, {"a": [null, false]}], "x"]', '{"a": {"b": {}}, "c": []}', '\t\r\n[\n1\n]\n']) {
    JSON.parse(text);
    assert.equal(locateJsonSyntaxError(text), undefined, text);
  }
});

test('invalid texts point at the first offending character', () => {
  const cases: [string, number][] = [
    ['', 0],
    ['{"a":}', 5],
    ['[1,2,]', 5],
    ['{"a":1', 6],
    ['{"a":1}x', 7],
    ['"abc', 4],
    ['01', 1],
    ['-', 1],
    ['1.', 2],
    ['1e', 2],
    ['tru', 3],
    ['nul!', 3],
    ['{a: 1}', 1],
    ['"\\x"', 2],
    ['"\\u12G4"', 5],
    ['"tab\tinside"', 4],
    ['[1 2]', 3],
    ['{"a" 1}', 5],
    ['NaN', 0],
  ];
  for (const [text, offset] of cases) {
    assert.throws(() => JSON.parse(text), SyntaxError, `JSON.parse must also reject ${text}`);
    assert.equal(locateJsonSyntaxError(text)?.offset, offset, text);
  }
});

test('lines and columns are 1-based and count from the last newline', () => {
  assert.deepEqual(locateJsonSyntaxError('{"a": 1,\n "b": tru}'), { offset: 18, line: 2, column: 10 });
});

test('deep nesting does not overflow the stack', () => {
  const depth = 200_000;
  assert.equal(locateJsonSyntaxError('['.repeat(depth) + ']'.repeat(depth)), undefined);
  assert.equal(locateJsonSyntaxError('['.repeat(depth))?.offset, depth);
});
