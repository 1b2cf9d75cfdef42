/** Reads configuration YAML text into a plain value, reporting syntax errors with line and column. */
import { LineCounter, parseDocument } from 'yaml';
import type { Issue } from '../errors/registry.js';

/** The issue path of YAML syntax problems (they have no key path yet). */
export const YAML_PATH = '(yaml)';

/** Friendlier wording for the few YAML errors whose library message names library functions. */
const REWORDED: Readonly<Record<string, string>> = {
  MULTIPLE_DOCS: 'a configuration file holds one YAML document, but this one has several (separated by ---)',
  DUPLICATE_KEY: 'a key appears twice in the same mapping',
};

/** Outcome of reading YAML: the value, or the syntax problems found. */
export type YamlReadResult = { ok: true; value: unknown } | { ok: false; issues: Issue[] };

/**
 * Parses YAML 1.2 text (the core schema: `yes` stays a string, `02134` stays
 * a string only if quoted). Every syntax error becomes one issue whose
 * message starts with `line L, column C`.
 *
 * @example
 * readYaml('a: [1, 2\n'); // { ok: false, issues: [{ path: '(yaml)', message: 'YAML syntax error at line 2, column 1: Flow sequence …' }] }
 * readYaml('a: 1');       // { ok: true, value: { a: 1 } }
 */
export function readYaml(text: string): YamlReadResult {
  const lineCounter = new LineCounter();
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const doc = parseDocument(source, { prettyErrors: false, lineCounter, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      issues: doc.errors.map((err) => {
        const { line, col } = lineCounter.linePos(err.pos[0]);
        return { path: YAML_PATH, message: `YAML syntax error at line ${line}, column ${col}: ${REWORDED[err.code] ?? err.message}` };
      }),
    };
  }
  try {
    return { ok: true, value: doc.toJS() as unknown };
  } catch (e) {
    // toJS throws on alias bombs (too many alias expansions) — still a malformed file, not a crash.
    return { ok: false, issues: [{ path: YAML_PATH, message: `YAML error: ${e instanceof Error ? e.message : String(e)}` }] };
  }
}
