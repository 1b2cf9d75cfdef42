/** Test helper: the issues a configuration text is rejected with. */
import assert from 'node:assert/strict';
import { KindredError, type Issue } from '../../src/errors/registry.js';
import { parseConfigText } from '../../src/config/index.js';

/**
 * Parses `text` expecting a `config_invalid` rejection and returns its issues.
 *
 * @example
 * const issues = rejectionIssues('matchkeys: []');
 */
export function rejectionIssues(text: string, fileLabel = 'match.yaml'): Issue[] {
  try {
    parseConfigText(text, fileLabel);
  } catch (e) {
    assert.ok(e instanceof KindredError, `expected a KindredError, got ${String(e)}`);
    assert.equal(e.code, 'config_invalid');
    assert.equal(e.message, `${fileLabel}: invalid configuration`);
    return e.details ?? [];
  }
  assert.fail('expected the configuration to be rejected');
}

/**
 * The one issue at `path` (fails when there is none or several).
 *
 * @example
 * issueAt(rejectionIssues(text), 'matchkeys[0].threshold').message;
 */
export function issueAt(issues: readonly Issue[], path: string): Issue {
  const found = issues.filter((i) => i.path === path);
  assert.equal(found.length, 1, `expected one issue at ${path}, got: ${JSON.stringify(issues)}`);
  return found[0];
}

/** A valid weighted matchkey to build wrong files around (indented as a list item of `matchkeys`). */
export const PERSON_FUZZY = `  - name: person_fuzzy
    type: weighted
    threshold: 0.8
    fields:
      - field: name
        scorer: jaro_winkler
        weight: 0.7
        transforms: [lowercase, strip]
      - field: zip
        scorer: exact
        weight: 0.3
`;
