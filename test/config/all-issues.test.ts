import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rejectionIssues } from './config-issues.js';

test('every problem in a file is reported at once, not just the first', () => {
  const text = `matchkeys:
  - name: a
    type: weighted
    threshold: high
    fields:
      - {field: name, scorer: jaro_winkler, weight: -2}
  - name: b
    type: exact
    fields: [email]
    negative_evidence: [{field: dob, scorer: exact, penalty: 3}]
clustering: {max_cluster_size: 1, min_link_density: 1.5}
review: {lo: 2}
`;
  assert.deepStrictEqual(rejectionIssues(text).map((i) => i.path), [
    'matchkeys[0].threshold',
    'matchkeys[0].fields[0].weight',
    'matchkeys[1].negative_evidence[0].penalty',
    'review.lo',
    'clustering.max_cluster_size',
    'clustering.min_link_density',
  ]);
});
