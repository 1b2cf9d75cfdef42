/** Turns valibot issues into kindred's `{path, message}` issues with key paths like `matchkeys[0].fields[1].scorer`. */
import type * as v from 'valibot';
import type { Issue } from '../errors/registry.js';

/** The path given to problems of the document as a whole (empty file, not a mapping). */
export const ROOT_PATH = '(root)';

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Formats a key path: numbers as `[i]`, plain keys as `.key`, anything else
 * (spaces, dots) as `["key"]` so the path stays unambiguous.
 *
 * @example
 * formatKeyPath(['matchkeys', 0, 'fields', 1, 'scorer']); // 'matchkeys[0].fields[1].scorer'
 * formatKeyPath(['blocking', 'my key']);                  // 'blocking["my key"]'
 * formatKeyPath([]);                                      // '(root)'
 */
export function formatKeyPath(keys: readonly (string | number)[]): string {
  let out = '';
  for (const key of keys) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (PLAIN_KEY.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out === '' ? ROOT_PATH : out;
}

/**
 * The kindred issue for one valibot issue (valibot already reports leaf
 * issues with their full path, so no flattening is needed).
 *
 * @example
 * const issues = result.issues.map(toConfigIssue);
 */
export function toConfigIssue(issue: v.BaseIssue<unknown>): Issue {
  const keys: (string | number)[] = [];
  for (const item of issue.path ?? []) {
    const key: unknown = item.key;
    keys.push(typeof key === 'number' ? key : String(key));
  }
  return { path: formatKeyPath(keys), message: issue.message };
}
