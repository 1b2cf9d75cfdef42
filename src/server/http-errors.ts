/** Turns every error a request can raise into the contract's JSON error response, and writes JSON that never holds NaN or Infinity. */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { KindredError, isKindredError, type ErrorCode } from '../errors/registry.js';

/**
 * Where the error handler writes the stack of an unexpected error (one call per error).
 *
 * @example
 * const log: ErrorLogger = (line) => process.stderr.write(`${line}\n`);
 */
export type ErrorLogger = (line: string) => void;

/**
 * Serialise `body` as a JSON response with `status`. Any number that is not
 * finite (NaN, Infinity, -Infinity) is written as `null`, so no response can
 * carry a token that strict JSON parsers reject; a `bigint` is written as a
 * number when it is exactly representable, else as its decimal string.
 *
 * @example
 * app.get('/stats', (c) => safeJson(c, { match_rate: 0 / 0 })); // {"match_rate":null}
 * return safeJson(c, { error: { code: 'busy', message: 'autoconfig is running' } }, 409);
 */
export function safeJson(c: Context, body: unknown, status: ContentfulStatusCode = 200): Response {
  const text = stringifyFinite(body);
  return c.body(text, status, { 'Content-Type': 'application/json; charset=UTF-8' });
}

/**
 * JSON.stringify already writes non-finite numbers as null, so a body
 * without bigints is stringified as it is; a replacer function would make
 * every value of a large answer a call. Only a body JSON.stringify throws on
 * (a bigint) goes through the replacer, which writes the same text for
 * everything else.
 */
function stringifyFinite(body: unknown): string {
  try {
    return JSON.stringify(body) ?? 'null';
  } catch {
    return JSON.stringify(body, finiteReplacer) ?? 'null';
  }
}

function finiteReplacer(_key: string, value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value.toString();
  }
  return value;
}

/**
 * The message of a 500: it says what happened without revealing how (the log has the stack).
 *
 * @example
 * new KindredError('internal', INTERNAL_MESSAGE);
 */
export const INTERNAL_MESSAGE = 'internal error; see the server log';

/** Codes for the statuses a Hono `HTTPException` may carry; anything else is a 400 or a 500. */
const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'timeout',
  409: 'busy',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  503: 'not_ready',
  504: 'timeout',
};

/** Response headers of an `HTTPException`'s own response that still make sense on our JSON body. */
const CARRIED_HEADERS = ['www-authenticate', 'allow', 'retry-after'] as const;

/**
 * Map a Hono `HTTPException` (thrown by Hono itself or by third-party
 * middleware) onto the one error registry, keeping its message and the
 * headers that matter to clients (`WWW-Authenticate`, `Allow`, `Retry-After`).
 * 5xx statuses other than 503/504 become `internal` with the generic message.
 *
 * @example
 * httpExceptionToKindred(new HTTPException(401, { message: 'no token' })).code; // 'unauthorized'
 */
export function httpExceptionToKindred(err: HTTPException): KindredError {
  const code = CODE_OF_STATUS[err.status] ?? (err.status < 500 ? 'invalid_request' : 'internal');
  const headers: Record<string, string> = {};
  for (const name of CARRIED_HEADERS) {
    const value = err.res?.headers.get(name);
    if (value) headers[name] = value;
  }
  const message = code === 'internal' || err.message === '' ? defaultMessage(code) : err.message;
  return new KindredError(code, message, undefined, Object.keys(headers).length > 0 ? headers : undefined);
}

function defaultMessage(code: ErrorCode): string {
  return code === 'internal' ? INTERNAL_MESSAGE : code.replace(/_/g, ' ');
}

/**
 * The JSON response for a {@link KindredError}: its status, its `toBody()`
 * and its extra headers (`Allow`, `WWW-Authenticate`, ...).
 *
 * @example
 * return kindredErrorResponse(c, new KindredError('not_found', 'cluster 99 does not exist'));
 */
export function kindredErrorResponse(c: Context, err: KindredError): Response {
  for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
  return safeJson(c, err.toBody(), err.status as ContentfulStatusCode);
}

/**
 * Options of {@link errorHandler}.
 *
 * @example
 * const options: ErrorHandlerOptions = { log: (line) => lines.push(line) };
 */
export interface ErrorHandlerOptions {
  /** Receives the method, path and stack of unexpected errors; defaults to stderr. */
  log?: ErrorLogger;
}

/**
 * Build the `app.onError` handler. A `KindredError` answers with its own
 * status, body and headers; a Hono `HTTPException` is mapped onto the registry;
 * anything else is a bug: 500 `internal` with a message that reveals nothing,
 * and the stack goes to `log` (never the request's headers, so no token is logged).
 *
 * @example
 * const app = new Hono();
 * app.onError(errorHandler({ log: (line) => logger.error(line) }));
 * app.notFound(notFound);
 */
export function errorHandler(options: ErrorHandlerOptions = {}): ErrorHandler {
  const log: ErrorLogger = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  return (err, c) => {
    const known = isKindredError(err) ? err : err instanceof HTTPException ? httpExceptionToKindred(err) : undefined;
    if (known && known.code !== 'internal') return kindredErrorResponse(c, known);
    // A bug, or a deliberately thrown `internal` whose message may hold internals:
    // the client learns only that it happened; the log gets the stack.
    log(`internal error on ${c.req.method} ${c.req.path}: ${err.stack ?? String(err)}`);
    return kindredErrorResponse(c, new KindredError('internal', INTERNAL_MESSAGE));
  };
}

/**
 * The default `app.onError` handler, logging to stderr.
 *
 * @example
 * app.onError(onError);
 */
export const onError: ErrorHandler = errorHandler();

/** Longest request path echoed in a 404 message, so a huge URL does not make a huge body. */
const MAX_ECHOED_PATH = 200;

/**
 * The `app.notFound` handler: 404 `not_found` as JSON (Hono's default is text).
 *
 * @example
 * app.notFound(notFound);
 */
export const notFound: NotFoundHandler = (c) => {
  const path = c.req.path.length > MAX_ECHOED_PATH ? `${c.req.path.slice(0, MAX_ECHOED_PATH)}...` : c.req.path;
  return kindredErrorResponse(c, new KindredError('not_found', `no endpoint ${c.req.method} ${path}`));
};
