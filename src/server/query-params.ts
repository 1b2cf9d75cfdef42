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
