/** compileTransforms: order of application, null propagation, empty results become missing. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileTransforms } from '../../../src/engine/transforms/registry.js';

test('transforms apply in list order', () => {
  assert.equal(compileTransforms(['strip', 'substring:0:2'])('  Johnson'), 'Jo');
  assert.equal(compileTransforms(['substring:0:2', 'strip'])('  Johnson'), null);
  assert.equal(compileTransforms(['lowercase', 'soundex'])('robert'), 'R163');
});

test('null in → null out; an empty string at any step is missing', () => {
  const chain = compileTransforms(['strip', 'lowercase']);
  assert.equal(chain(null), null);
  assert.equal(chain('   '), null);
  assert.equal(chain(' Ann '), 'ann');
  assert.equal(compileTransforms(['digits_only', 'lowercase'])('abc'), null);
  assert.equal(compileTransforms(['soundex'])('123'), null);
  assert.equal(compileTransforms(['strip_honorifics'])('Dr.'), null);
});

test('an empty chain is the identity except that "" is missing', () => {
  const identity = compileTransforms([]);
  assert.equal(identity('  x '), '  x ');
  assert.equal(identity(''), null);
  assert.equal(identity(null), null);
});
