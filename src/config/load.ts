/** Loads a configuration file: YAML text → validated, normalised `Config`, or one error listing every issue. */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { KindredError, type Issue } from '../errors/registry.js';
import { checkConfigRelations } from './cross-checks.js';
import { describeValue } from './describe-value.js';
import { ROOT_PATH, toConfigIssue } from './issue-path.js';
import { normalizeConfig } from './normalize.js';
import { readYaml } from './parse-yaml.js';
import { isMapping } from './schema-parts.js';
import { configSchema } from './schema.js';
import type { Config } from './types.js';

function invalid(fileLabel: string, issues: Issue[]): KindredError {
  return new KindredError('config_invalid', `${fileLabel}: invalid configuration`, issues);
}

/**
 * Validates an already-parsed configuration value (a YAML or JSON document in
 * the file's structure) and normalises it.
 *
 * @throws KindredError `config_invalid` with one issue per problem found.
 * @example
 * const config = parseConfigValue({ matchkeys: [{ name: 'e', type: 'exact', fields: ['email'] }] }, 'request body');
 */
export function parseConfigValue(value: unknown, fileLabel: string): Config {
  if (value === null || value === undefined) {
    throw invalid(fileLabel, [{ path: ROOT_PATH, message: 'configuration is empty; expected at least `matchkeys`' }]);
  }
  if (!isMapping(value)) {
    throw invalid(fileLabel, [{
      path: ROOT_PATH,
      message: `expected a mapping with at least \`matchkeys\`, got ${describeValue(value)}`,
    }]);
  }
  const result = v.safeParse(configSchema, value);
  const issues = (result.issues ?? []).map(toConfigIssue);
  // Relations between keys can only be judged once every key has the right type.
  if (result.typed) issues.push(...checkConfigRelations(result.output));
  if (issues.length > 0 || !result.success) throw invalid(fileLabel, issues);
  return normalizeConfig(result.output);
}

/**
 * Parses configuration YAML text. `fileLabel` names the source in messages.
 *
 * @throws KindredError `config_invalid` for YAML syntax errors (with line and
 *   column), an empty document, or any schema problem (with key paths).
 * @example
 * const config = parseConfigText(readFileSync('match.yaml', 'utf8'), 'match.yaml');
 */
export function parseConfigText(text: string, fileLabel: string): Config {
  const read = readYaml(text);
  if (!read.ok) throw invalid(fileLabel, read.issues);
  return parseConfigValue(read.value, fileLabel);
}

/**
 * Reads and parses a configuration file; messages name it by `path` as given.
 *
 * @throws KindredError `file_not_found` when nothing is at `path`;
 *   `config_invalid` when it cannot be read or is not a valid configuration.
 * @example
 * const config = loadConfigFile('match.yaml');
 */
export function loadConfigFile(path: string): Config {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = typeof e === 'object' && e !== null && 'code' in e ? String(e.code) : '';
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new KindredError('file_not_found', `${path}: configuration file not found`);
    }
    const reason = code === 'EISDIR' ? 'is a directory, not a file' : `cannot be read (${code || String(e)})`;
    throw invalid(path, [{ path: ROOT_PATH, message: `the configuration file ${reason}` }]);
  }
  return parseConfigText(text, path);
}
