import { test } from 'node:test';
import assert from 'node:assert/strict';
import { round6 } from '../../../src/engine/clustering/cluster-facts.js';

test('rounds to 6 decimals', () => {
  assert.equal(round6(0.9813333333), 0.981333);
  assert.equal(round6(0.9813336), 0.981334);
  assert.equal(round6(1), 1);
  assert.equal(round6(0.97), 0.97);
});

test('halves go away from zero, judged on the decimal spelling', () => {
  assert.equal(round6(0.0000005), 0.000001);
  assert.equal(round6(1.0000005), 1.000001); // stored as 1.00000049999999…
  assert.equal(round6(0.1234565), 0.123457);
  assert.equal(round6(-0.0000015), -0.000002);
  assert.equal(round6(2.5e-7), 0);
  assert.equal(round6(4.9e-7), 0);
  assert.equal(round6(5e-7), 0.000001);
});

test('never returns -0; leaves non-finite and huge values alone', () => {
  assert.ok(Object.is(round6(-1e-9), 0));
  assert.equal(round6(Number.POSITIVE_INFINITY), Number.POSITIVE_INFINITY);
  assert.ok(Number.isNaN(round6(Number.NaN)));
  assert.equal(round6(1e21), 1e21);
});

test('agrees with exact decimal rounding on many random values', () => {
  let s = 99;
  for (let i = 0; i < 20_000; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const x = (s / 4294967296) * (i % 2 === 0 ? 1 : 1000);
    const text = x.toFixed(20).replace(/0+$/, '');
    assert.equal(round6(x), exactHalfUp(x.toString().includes('e') ? text : x.toString()), `x = ${x}`);
  }
});

/** Half-up rounding of a plain decimal string, digit by digit. */
function exactHalfUp(text: string): number {
  const [int, frac = ''] = text.split('.');
  const digits = (frac + '0000000').slice(0, 7);
  let units = BigInt(int + digits.slice(0, 6));
  if (digits[6] >= '5') units += 1n;
  const s = units.toString().padStart(7, '0');
  return Number(`${s.slice(0, -6)}.${s.slice(-6)}`);
}
