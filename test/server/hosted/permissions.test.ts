// The permission set of a claims set: `permissions` array united with `scope` words; other shapes grant nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { permissionsOf } from '../../../src/server/hosted/permissions.js';

test('permissions array', () => {
  assert.deepEqual([...permissionsOf({ permissions: ['sources:read', 'telemetry:read'] })], ['sources:read', 'telemetry:read']);
});

test('scope string, split on any whitespace', () => {
  assert.deepEqual([...permissionsOf({ scope: ' openid\tsources:read  telemetry:read\n' })], ['openid', 'sources:read', 'telemetry:read']);
});

test('both claims are united', () => {
  assert.deepEqual([...permissionsOf({ permissions: ['a', 'b'], scope: 'b c' })].sort(), ['a', 'b', 'c']);
});

test('claims of the wrong shape grant nothing', () => {
  assert.equal(permissionsOf({ permissions: 'sources:read' }).size, 0);
  assert.equal(permissionsOf({ scope: ['sources:read'] }).size, 0);
  assert.equal(permissionsOf({}).size, 0);
  assert.deepEqual([...permissionsOf({ permissions: ['ok', 7, null, '', { p: 'x' }] })], ['ok']);
});
