/** code_token: the model or part code inside a listing's name. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codeToken } from '../../../src/engine/transforms/code-token.js';
import { getTransform } from '../../../src/engine/transforms/registry.js';

test('two spellings of one model code give the same token', () => {
  assert.equal(codeToken('Sony PS-LX350H Belt-Drive Turntable'), 'PSLX350H');
  assert.equal(codeToken('Sony Turntable - PSLX350H'), 'PSLX350H');
  assert.equal(codeToken('Sony Cyber-shot DSC-W120 Digital Camera'), 'DSCW120');
  assert.equal(codeToken('KDL-40.V 40in'), 'KDL40V');
});

test('list punctuation separates words; the longest mixed token wins, the first on a tie', () => {
  assert.equal(codeToken('DVP-FX820/L Portable DVD Player'), 'DVPFX820');
  assert.equal(codeToken('Apple 1GB iPod Shuffle (MB811LLA)'), 'MB811LLA');
  assert.equal(codeToken('Samsung LN32A450 32in 720p LCD'), 'LN32A450');
  assert.equal(codeToken('ab12 cd34'), 'ab12');
  assert.equal(codeToken('x1,y2;AB3+zz9'), 'AB3');
});

test('letters alone, digits alone and short units are not codes: the value becomes missing', () => {
  assert.equal(codeToken('Black leather sofa'), '');
  assert.equal(codeToken('Order 123456'), '');
  assert.equal(codeToken('4K TV 2x zoom'), '');
  assert.equal(codeToken('   '), '');
});

test('letters and digits of any script count, and case is kept for the next transform', () => {
  assert.equal(codeToken('Модель АБ-200'), 'АБ200');
  assert.equal(getTransform('lowercase')(codeToken('Nikon EN-EL9')), 'enel9');
});

test('the registered transform maps a value without a code to missing', () => {
  const t = getTransform('code_token');
  assert.equal(t('Seiko Quartz Watch - SXDA04'), 'SXDA04');
  assert.equal(t('Seiko Quartz Watch'), '');
});
