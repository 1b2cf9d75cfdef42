/** ensemble: max(jaro_winkler, token_sort, 0.8 × soundex_match). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensembleSimilarity, jaroWinkler, tokenSortRatio } from '../../../src/engine/scorers/registry.js';
import { assertClose } from './assert-close.js';

test('token order: token_sort wins', () => {
  assert.equal(ensembleSimilarity('Smith John', 'John Smith'), 1);
});

test('spelling variants with the same Soundex are floored at 0.8', () => {
  // Jaro–Winkler (0.64) and token_sort (0.46) of these are well below 0.8; both code to T522.
  assert.ok(jaroWinkler('Tymczak', 'Tomsik') < 0.7);
  assert.ok(tokenSortRatio('Tymczak', 'Tomsik') < 0.7);
  assertClose(ensembleSimilarity('Tymczak', 'Tomsik'), 0.8, 'soundex floor');
});

test('otherwise Jaro–Winkler when it is the largest', () => {
  assertClose(ensembleSimilarity('martha', 'marhta'), 0.9611111111, 'JW');
  assert.equal(ensembleSimilarity('', ''), 1);
});
