/** The plain-JSON form of a trained Fellegi–Sunter model, and its validation when it crosses a thread or process boundary. */
import { KindredError, type Issue } from '../../errors/registry.js';
import type { MissingPolicy } from './levels.js';

/**
 * Format tag, bumped whenever the meaning of a field changes.
 *
 * @example
 * model.toJSON().format === PARAMETERS_FORMAT; // true
 */
export const PARAMETERS_FORMAT = 'kindred-fellegi-sunter/1';

/**
 * What was learned for one compared field.
 *
 * @example
 * const p: FieldParameters = model.toJSON().fields[0];
 * p.weights; // e.g. [-4.1, 6.3]
 */
export interface FieldParameters {
  /** `FieldDictionary.key` of the prepared field it was trained on. */
  key: string;
  levels: number;
  /** P(level | match). */
  m: number[];
  /** P(level | non-match). */
  u: number[];
  /** Bits of evidence per level, `log2(m/u)` unless `fixed`. */
  weights: number[];
  /** True when EM could not learn this field (every training pair was blocked on it) and the weights are the fixed ramp. */
  fixed: boolean;
  tfAdjustment: boolean;
}

/**
 * A trained model as plain JSON: safe to `JSON.stringify`, post to a worker,
 * or store.
 *
 * @example
 * const json: FellegiSunterParameters = model.toJSON();
 * worker.postMessage(json);
 */
export interface FellegiSunterParameters {
  format: typeof PARAMETERS_FORMAT;
  missing: MissingPolicy;
  /** Learned prior P(match) among the training (blocked) pairs. */
  lambda: number;
  /** True only if EM reached the convergence tolerance within max_iterations. */
  converged: boolean;
  iterations: number;
  /** Largest m change in the last EM iteration; null if EM did not run. */
  lastChange: number | null;
  /** Blocked pairs EM was trained on. */
  emPairs: number;
  /** Random pairs u was estimated from. */
  uPairs: number;
  fields: FieldParameters[];
  warnings: string[];
}

/**
 * Checks that `json` has the shape of {@link FellegiSunterParameters} and
 * returns it typed; throws `internal` with one issue per problem otherwise
 * (a malformed model is a bug or a corrupted store, not user input).
 *
 * @example
 * const params = parseParameters(JSON.parse(text));
 */
export function parseParameters(json: unknown): FellegiSunterParameters {
  const issues: Issue[] = [];
  if (!isRecord(json)) {
    throw new KindredError('internal', 'invalid Fellegi–Sunter model', [{ path: '', message: 'expected an object' }]);
  }
  if (json.format !== PARAMETERS_FORMAT) issues.push({ path: 'format', message: `expected "${PARAMETERS_FORMAT}"` });
  if (json.missing !== 'unobserved' && json.missing !== 'disagree') {
    issues.push({ path: 'missing', message: 'expected "unobserved" or "disagree"' });
  }
  if (!isProbability(json.lambda)) issues.push({ path: 'lambda', message: 'expected a number in [0, 1]' });
  if (typeof json.converged !== 'boolean') issues.push({ path: 'converged', message: 'expected a boolean' });
  for (const key of ['iterations', 'emPairs', 'uPairs'] as const) {
    if (!isCount(json[key])) issues.push({ path: key, message: 'expected a non-negative integer' });
  }
  if (json.lastChange !== null && !isFiniteNumber(json.lastChange)) {
    issues.push({ path: 'lastChange', message: 'expected a number or null' });
  }
  if (!Array.isArray(json.warnings) || !json.warnings.every((w) => typeof w === 'string')) {
    issues.push({ path: 'warnings', message: 'expected an array of strings' });
  }
  if (!Array.isArray(json.fields)) {
    issues.push({ path: 'fields', message: 'expected an array' });
  } else {
    json.fields.forEach((field: unknown, i: number) => checkField(field, `fields[${i}]`, issues));
  }
  if (issues.length > 0) throw new KindredError('internal', 'invalid Fellegi–Sunter model', issues);
  return json as unknown as FellegiSunterParameters;
}

function checkField(field: unknown, path: string, issues: Issue[]): void {
  if (!isRecord(field)) {
    issues.push({ path, message: 'expected an object' });
    return;
  }
  if (typeof field.key !== 'string') issues.push({ path: `${path}.key`, message: 'expected a string' });
  if (!isCount(field.levels) || (field.levels as number) < 2) {
    issues.push({ path: `${path}.levels`, message: 'expected an integer ≥ 2' });
    return;
  }
  const n = field.levels as number;
  for (const key of ['m', 'u', 'weights'] as const) {
    const v = field[key];
    if (!Array.isArray(v) || v.length !== n || !v.every(isFiniteNumber)) {
      issues.push({ path: `${path}.${key}`, message: `expected ${n} finite numbers` });
    }
  }
  if (typeof field.fixed !== 'boolean') issues.push({ path: `${path}.fixed`, message: 'expected a boolean' });
  if (typeof field.tfAdjustment !== 'boolean') issues.push({ path: `${path}.tfAdjustment`, message: 'expected a boolean' });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function isProbability(v: unknown): v is number {
  return isFiniteNumber(v) && v >= 0 && v <= 1;
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}
