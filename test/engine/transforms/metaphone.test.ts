/** Metaphone: the codes the jellyfish library produces (its own test data plus rule-by-rule cases). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { metaphone } from '../../../src/engine/transforms/metaphone.js';

test('matches the jellyfish test data', () => {
  const cases: Array<[string, string]> = [
    ['DGIB', 'JB'],
    ['metaphone', 'MTFN'],
    ['wHErE', 'WR'],
    ['shell', 'XL'],
    ['this is a difficult string', '0S IS A TFKLT STRNK'],
    ['aeromancy', 'ERMNS'],
    ['Antidisestablishmentarianism', 'ANTTSSTBLXMNTRNSM'],
    ['sunlight labs', 'SNLT LBS'],
    ['sonlite laabz', 'SNLT LBS'],
    ['Çáŕẗéř', 'KRTR'],
    ['kentucky', 'KNTK'],
    ['KENTUCKY', 'KNTK'],
    ['NXNXNX', 'NKSNKSNKS'],
    ['Aapti', 'PT'],
    ['Aarti', 'RT'],
    ['CIAB', 'XB'],
    ['NQ', 'NK'],
    ['sian', 'XN'],
    ['gek', 'JK'],
    ['Hb', 'HB'],
    ['Bho', 'BH'],
    ['Tiavyi', 'XFY'],
    ['Xhot', 'XHT'],
    ['Xnot', 'SNT'],
    ['g', 'K'],
    ['8 queens', 'KNS'],
    ['Utah', 'UT'],
    ['WH', 'W'],
    ['walt', 'WLT'],
    ['ANDREW', 'ANTR'],
    ['why', 'W'],
    ['whynot', 'WNT'],
    ['acceptingness', 'AKSPTNKNS'],
  ];
  for (const [input, code] of cases) assert.equal(metaphone(input), code, input);
});

test('initial letter pairs, silent letters and TH', () => {
  assert.equal(metaphone('knight'), 'NT');
  assert.equal(metaphone('gnome'), 'NM');
  assert.equal(metaphone('pneumonia'), 'NMN');
  assert.equal(metaphone('wright'), 'RT');
  assert.equal(metaphone('Thompson'), '0MPSN');
  assert.equal(metaphone('lamb'), 'LM');
  assert.equal(metaphone('lambs'), 'LMBS');
  // A final GN is silent as a pair (jellyfish skips the N too).
  assert.equal(metaphone('sign'), 'S');
});

test('empty and unencodable input; spaces are kept between words only', () => {
  assert.equal(metaphone(''), '');
  assert.equal(metaphone('123'), '');
  assert.equal(metaphone('😀'), '');
  assert.equal(metaphone(' smith'), 'SM0');
  assert.equal(metaphone('a  b'), 'A B');
});
