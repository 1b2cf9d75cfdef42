// Reading `Authorization: Bearer <token>`: what counts as a sent token and what counts as none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readBearerHeader } from '../../../src/server/hosted/bearer-header.js';

test('a bearer token, scheme in any case', () => {
  assert.deepEqual(readBearerHeader('Bearer abc.def.ghi'), { kind: 'token', token: 'abc.def.ghi' });
  assert.deepEqual(readBearerHeader('bearer abc.def.ghi'), { kind: 'token', token: 'abc.def.ghi' });
  assert.deepEqual(readBearerHeader('BEARER   abc.def.ghi  '), { kind: 'token', token: 'abc.def.ghi' });
});

test('whatever follows the scheme was sent as the token', () => {
  assert.deepEqual(readBearerHeader('Bearer a b'), { kind: 'token', token: 'a b' });
});

test('no header, another scheme, or an empty token: no token sent', () => {
  for (const value of [undefined, '', '  ', 'Basic dXNlcjpwYXNz', 'Token abc', 'Bearerabc', 'Bearer', 'Bearer    ']) {
    assert.equal(readBearerHeader(value).kind, 'absent', String(value));
  }
});
