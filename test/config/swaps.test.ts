/** `swaps` on a weighted matchkey: read, written back, and every misuse rejected with its key path. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { configToYaml, parseConfigText } from '../../src/config/index.js';
import { issueAt, rejectionIssues } from './config-issues.js';

function weighted(swaps: string, extra = ''): string {
  return `matchkeys:
  - name: person
    type: weighted
    ${swaps}
    fields:
      - {field: first_name, scorer: jaro_winkler, transforms: [lowercase]}
      - {field: surname, scorer: jaro_winkler, transforms: [lowercase]}
      - {field: dob, scorer: exact}
${extra}`;
}

test('swaps is read, absent when not written, and survives the YAML round trip', () => {
  const config = parseConfigText(weighted('swaps: [[first_name, surname]]'), 'm.yaml');
  const mk = config.matchkeys[0];
  assert.deepEqual(mk.type === 'weighted' ? mk.swaps : null, [['first_name', 'surname']]);
  assert.deepEqual(parseConfigText(configToYaml(config), 'again.yaml'), config);
  const plain = parseConfigText(weighted(''), 'm.yaml').matchkeys[0];
  assert.equal('swaps' in plain, false);
  assert.doesNotMatch(configToYaml(parseConfigText(weighted(''), 'm.yaml')), /swaps/);
});

test('each swap names two fields of the matchkey compared alike, each crossed once', () => {
  const at = (swaps: string, path = 'matchkeys[0].swaps[0]'): string =>
    rejectionIssues(weighted(swaps))
      .filter((i) => i.path === path)
      .map((i) => i.message)
      .join('\n');
  assert.match(at('swaps: [[first_name, nickname]]'), /"nickname" is not a field of this matchkey/);
  assert.match(at('swaps: [[first_name, dob]]'), /share a scorer.*jaro_winkler and exact/);
  assert.match(at('swaps: [[first_name, first_name]]'), /cannot be crossed with itself/);
  assert.match(at('swaps: [[first_name]]'), /expected a pair of column names/);
  assert.match(at('swaps: [[first_name, surname], [surname, first_name]]', 'matchkeys[0].swaps[1]'), /already crossed in swaps\[0\]/);
  const transforms = weighted('swaps: [[first_name, surname]]').replace('scorer: jaro_winkler, transforms: [lowercase]}\n      - {field: surname, scorer: jaro_winkler, transforms: [lowercase]}', 'scorer: jaro_winkler, transforms: [lowercase]}\n      - {field: surname, scorer: jaro_winkler}');
  assert.match(issueAt(rejectionIssues(transforms), 'matchkeys[0].swaps[0]').message, /share transforms/);
  const twice = weighted('swaps: [[first_name, surname]]').replace('      - {field: dob, scorer: exact}', '      - {field: dob, scorer: exact}\n      - {field: surname, scorer: exact}');
  assert.match(issueAt(rejectionIssues(twice), 'matchkeys[0].swaps[0]').message, /field of 2 entries/);
});

test('swaps belongs to weighted matchkeys, and never names an excluded column', () => {
  const probabilistic = weighted('swaps: [[first_name, surname]]').replace('type: weighted', 'type: probabilistic');
  assert.ok(rejectionIssues(probabilistic).some((i) => /swaps/.test(`${i.path} ${i.message}`)));
  const exact = `matchkeys:\n  - name: e\n    type: exact\n    swaps: [[a, b]]\n    fields: [a, b]\n`;
  assert.ok(rejectionIssues(exact).some((i) => /"swaps" is only allowed on a weighted matchkey/.test(i.message)));
  const excluded = weighted('swaps: [[first_name, surname]]', 'exclude_columns: [surname]\n');
  assert.match(issueAt(rejectionIssues(excluded), 'matchkeys[0].swaps[0][1]').message, /exclude_columns/);
});

test('no more than three swaps, no scorer that learns from its column, no negative evidence on a crossed column', () => {
  const four = `matchkeys:
  - name: m
    type: weighted
    swaps: [[a, b], [c, d], [e, f], [g, h]]
    fields:
${'abcdefgh'.split('').map((c) => `      - {field: ${c}, scorer: jaro_winkler}`).join('\n')}
`;
  assert.match(issueAt(rejectionIssues(four), 'matchkeys[0].swaps').message, /at most 3 pairs/);
  const tfidf = weighted('swaps: [[first_name, surname]]').replaceAll('scorer: jaro_winkler', 'scorer: tfidf_cosine');
  assert.match(issueAt(rejectionIssues(tfidf), 'matchkeys[0].swaps[0]').message, /tfidf_cosine learns from each column/);
  const negative = weighted('swaps: [[first_name, surname]]') + '    negative_evidence:\n      - {field: surname, scorer: exact}\n';
  assert.match(issueAt(rejectionIssues(negative), 'matchkeys[0].swaps[0]').message, /"surname" is also negative evidence/);
});
