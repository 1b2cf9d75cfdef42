/** Errors carried between threads: a structured clone keeps only an error's message, so a KindredError's code, details and headers travel as plain data and are rebuilt on arrival. */
import { ERROR_CODES, KindredError, type ErrorCode, type Issue } from './registry.js';

/** An error as plain, cloneable data. */
export interface WireError {
  message: string;
  stack?: string;
  /** Set for a KindredError. */
  kindred?: { code: ErrorCode; details?: Issue[]; headers?: Record<string, string> };
}

/**
 * An error (or anything thrown) as plain data for `postMessage`.
 *
 * @example
 * port.postMessage({ error: errorToWire(new KindredError('invalid_request', 'no rows')) });
 */
export function errorToWire(e: unknown): WireError {
  if (e instanceof KindredError) return { message: e.message, stack: e.stack, kindred: { code: e.code, details: e.details, headers: e.headers } };
  if (e instanceof Error) return { message: e.message, stack: e.stack };
  return { message: String(e) };
}

/**
 * The error {@link errorToWire} described: a KindredError with its code,
 * details and headers, else a plain Error; the stack is the thrower's.
 *
 * @example
 * errorFromWire({ message: 'no rows', kindred: { code: 'invalid_request' } }).code; // 'invalid_request'
 */
export function errorFromWire(w: WireError): Error {
  const k = w.kindred;
  const e = k !== undefined && k.code in ERROR_CODES ? new KindredError(k.code, w.message, k.details, k.headers) : new Error(w.message);
  if (w.stack !== undefined) e.stack = w.stack;
  return e;
}
