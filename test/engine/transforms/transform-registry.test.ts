/** Transform registry: names, argument validation, and clear errors for unknown names and bad arguments. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KindredError } from '../../../src/errors/registry.js';
import { checkTransform, compileTransforms, getTransform, listTransforms } from '../../../src/engine/transforms/registry.js';

test('lists every transform of the contract, each valid without arguments', () => {
  const expected = [
    'lowercase', 'uppercase', 'strip', 'strip_all', 'normalize_whitespace', 'digits_only', 'alpha_only',
    'soundex', 'metaphone', 'first_token', 'last_token', 'substring', 'token_sort', 'strip_honorifics',
    'ascii_fold', 'qgram', 'code_token', 'amount',
  ];
  assert.deepEqual([...listTransforms()].sort(), [...expected].sort());
  for (const name of listTransforms()) {
    if (name !== 'substring') assert.equal(checkTransform(name), null, name);
  }
});

test('an unknown name names the spec and every valid name', () => {
  const message = checkTransform('lowercas');
  assert.ok(message !== null);
  assert.match(message, /^unknown transform "lowercas"; expected one of: lowercase, /);
  for (const name of listTransforms()) assert.ok(message.includes(name), name);
});

test('substring needs exactly two integers', () => {
  assert.equal(checkTransform('substring:0:3'), null);
  assert.equal(checkTransform('substring:-3:-1'), null);
  for (const bad of ['substring', 'substring:0', 'substring:a:b', 'substring:0:3:4', 'substring:1.5:3', 'substring::3']) {
    const message = checkTransform(bad);
    assert.ok(message !== null, bad);
    assert.ok(message.startsWith('substring needs two integer arguments, e.g. substring:0:3'), message);
  }
});

test('qgram takes at most one positive integer', () => {
  assert.equal(checkTransform('qgram:2'), null);
  for (const bad of ['qgram:0', 'qgram:-1', 'qgram:x', 'qgram:2:3']) {
    assert.match(checkTransform(bad) ?? '', /^qgram takes one positive integer argument, e.g. qgram:3/, bad);
  }
});

test('transforms without parameters reject arguments', () => {
  assert.equal(checkTransform('lowercase:x'), 'lowercase takes no arguments, got "lowercase:x"');
});

test('getTransform and compileTransforms throw config_invalid with the registry message', () => {
  const isConfigError = (spec: string) => (e: unknown) =>
    e instanceof KindredError && e.code === 'config_invalid' && e.message === checkTransform(spec);
  assert.throws(() => getTransform('uppercse'), isConfigError('uppercse'));
  assert.throws(() => compileTransforms(['strip', 'substring:x:1']), isConfigError('substring:x:1'));
});
