/** Scorer registry: names, argument validation, and clear errors for unknown names and bad arguments. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KindredError } from '../../../src/errors/registry.js';
import { checkScorer, createScorer, listScorers } from '../../../src/engine/scorers/registry.js';

test('lists every scorer of the contract', () => {
  const expected = [
    'exact', 'jaro', 'jaro_winkler', 'levenshtein', 'damerau_levenshtein', 'token_sort', 'token_set', 'qgram',
    'soundex_match', 'metaphone_match', 'ensemble', 'numeric_diff', 'date_diff', 'geo_haversine', 'tfidf_cosine',
  ];
  for (const name of expected) assert.ok(listScorers().includes(name), name);
  for (const name of listScorers()) assert.equal(checkScorer(name), null, name);
});

test('an unknown name names the spec and every valid name', () => {
  const message = checkScorer('jaro_winkle');
  assert.ok(message !== null);
  assert.match(message, /^unknown scorer "jaro_winkle"; expected one of: /);
  for (const name of listScorers()) assert.ok(message.includes(name), name);
});

test('numeric_diff arguments: mode abs|pct with a positive band; pct alone means band 0.1', () => {
  assert.equal(checkScorer('numeric_diff:abs:5'), null);
  assert.equal(checkScorer('numeric_diff:pct:0.25'), null);
  assert.equal(checkScorer('numeric_diff:pct'), null);
  for (const bad of ['numeric_diff:abs', 'numeric_diff:rel:5', 'numeric_diff:abs:0', 'numeric_diff:abs:-1', 'numeric_diff:abs:x', 'numeric_diff:abs:5:6']) {
    const message = checkScorer(bad);
    assert.ok(message !== null, bad);
    assert.match(message, /numeric_diff:abs:5/, `${bad}: the message shows a valid example`);
    assert.ok(message.includes(`"${bad}"`), `${bad}: the message quotes the spec`);
  }
});

test('scorers without parameters reject arguments', () => {
  const message = checkScorer('jaro_winkler:3');
  assert.equal(message, 'jaro_winkler takes no arguments, got "jaro_winkler:3"');
});

test('createScorer throws config_invalid with the same message', () => {
  assert.throws(
    () => createScorer('levenstein', null),
    (e: unknown) => e instanceof KindredError && e.code === 'config_invalid' && e.message === checkScorer('levenstein'),
  );
  assert.throws(() => createScorer('numeric_diff:abs', null), (e: unknown) => e instanceof KindredError && e.code === 'config_invalid');
});
