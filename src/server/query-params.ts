/** Integer query parameters with bounds; a bad value is 400 invalid_request naming the parameter. */
import { KindredError } from '../errors/registry.js';

/**
 * Reads an optional integer query parameter.
 *
 * @example
 * intParam(c.req.query('limit'), 'limit', { def: 100, min: 1, max: 10_000 });
 */
export function intParam(raw: string | undefined, name: string, o: { def: number; min: number; max: number }): number {
  if (raw === undefined || raw === '') return o.def;
  const n = /^-?\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < o.min || n > o.max) {
    throw new KindredError('invalid_request', `query parameter ${name} must be an integer from ${o.min} to ${o.max}, got "${raw}"`, [
      { path: name, message: `expected an integer in [${o.min}, ${o.max}]` },
    ]);
  }
  return n;
}

/**
 * Reads an optional query parameter that takes one of a few words. Given
 * twice it is an error, never a silent pick; an unknown word is 400 listing
 * the allowed ones.
 *
 * @example
 * choiceParam(c.req.queries('sort'), 'sort', ['size', 'confidence'] as const, 'size'); // 'size' when absent
 */
export function choiceParam<const T extends readonly string[]>(raw: string[] | undefined, name: string, allowed: T, def: T[number]): T[number] {
  if (raw === undefined || raw.length === 0) return def;
  if (raw.length > 1) throw new KindredError('invalid_request', `query parameter ${name} is given ${raw.length} times; give it once`, [{ path: name, message: 'given more than once' }]);
  const value = raw[0];
  if (value === '') return def;
  const found = allowed.find((a) => a === value);
  if (found === undefined) {
    throw new KindredError('invalid_request', `query parameter ${name} must be one of ${allowed.join(', ')}, got ${JSON.stringify(value.slice(0, 50))}`, [
      { path: name, message: `expected one of ${allowed.join(', ')}` },
    ]);
  }
  return found;
}
