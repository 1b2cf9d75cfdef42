/** Route table: pattern validation, matching, Allow order and open-route predicates. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allowHeader, compileRoutes, defineRoutes, openRoutes, type RouteTable } from './index.js';
import { KindredError } from '../../../errors/registry.js';

test('paths match literal segments exactly and parameters as one non-empty segment', () => {
  const routes = compileRoutes(defineRoutes({ '/': ['GET'], '/clusters': ['GET'], '/clusters/:id': ['GET'], '/clusters/stats': ['POST'] }));
  assert.deepEqual(routes.methodsFor('/'), ['GET']);
  assert.deepEqual(routes.methodsFor('/clusters'), ['GET']);
  assert.deepEqual(routes.methodsFor('/clusters/12'), ['GET']);
  assert.deepEqual(routes.methodsFor('/clusters/stats'), ['GET', 'POST']);
  for (const unknown of ['/clusters/', '/clusters//', '/clusters/1/2', '/Clusters', '/x', '']) {
    assert.equal(routes.methodsFor(unknown), undefined, unknown);
  }
});

test('Allow lists HEAD after GET and OPTIONS last', () => {
  assert.equal(allowHeader(['GET']), 'GET, HEAD, OPTIONS');
  assert.equal(allowHeader(['POST', 'GET']), 'POST, GET, HEAD, OPTIONS');
});

test('malformed tables are refused at definition', () => {
  // Typed loosely on purpose: these are the mistakes an untyped caller can make.
  const bad: Record<string, string[]>[] = [{ clusters: ['GET'] }, { '/a//': ['GET'] }, { '/a/:': ['GET'] }, { '/a b': ['GET'] }, { '/a': [] }, { '/a': ['GET', 'GET'] }, { '/a': ['TRACE'] }];
  for (const table of bad) {
    assert.throws(() => defineRoutes(table as RouteTable), KindredError, JSON.stringify(table));
  }
});

test('openRoutes treats HEAD like GET and nothing else as open', () => {
  const isOpen = openRoutes({ '/health': ['GET'] });
  assert.equal(isOpen('GET', '/health'), true);
  assert.equal(isOpen('HEAD', '/health'), true);
  assert.equal(isOpen('POST', '/health'), false);
  assert.equal(isOpen('GET', '/stats'), false);
});

test('a trailing slash is a route of its own, never folded into the path without it', () => {
  const routes = compileRoutes(defineRoutes({ '/ui': ['GET'], '/ui/': ['GET'], '/ui/:asset': ['GET'], '/stats': ['GET'] }));
  assert.deepEqual(routes.methodsFor('/ui/'), ['GET']);
  assert.deepEqual(routes.methodsFor('/ui/app.js'), ['GET']);
  assert.equal(routes.methodsFor('/stats/'), undefined);
  assert.equal(routes.methodsFor('/ui//'), undefined);
  assert.throws(() => defineRoutes({ '/ui//': ['GET'] }), /malformed/);
});
