/** Reads the request body under a byte limit, parses it as JSON and hands the value to routes. */
import type { Context, MiddlewareHandler } from 'hono';
import { KindredError } from '../../../errors/registry.js';
import { locateJsonSyntaxError } from './locate-syntax-error.js';
import { nodeIncoming, readIncoming } from './read-incoming.js';

/**
 * Hono variables set by {@link jsonBody}: `body` is the parsed value, `undefined` for an empty body.
 *
 * @example
 * const app = new Hono<JsonBodyEnv>();
 * app.post('/x', (c) => safeJson(c, { got: c.var.body ?? null }));
 */
export type JsonBodyEnv = { Variables: { body: unknown } };

/**
 * The contract's default `--max-body`: 10 MiB.
 *
 * @example
 * jsonBody({ maxBytes: options.maxBody ?? DEFAULT_MAX_BODY_BYTES });
 */
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Options of {@link jsonBody}.
 *
 * @example
 * const options: JsonBodyOptions = { maxBytes: 10 * 1024 * 1024 };
 */
export interface JsonBodyOptions {
  /** Largest accepted body in bytes (`--max-body`). */
  maxBytes: number;
}

/**
 * Read the whole body (from Node's request when served by
 * `@hono/node-server`, else from the WHATWG stream), counting bytes as they stream in: a declared
 * `Content-Length` over `maxBytes`, or the running count crossing it, answers
 * 413 `payload_too_large` with `Connection: close`, once the rest has been
 * read and discarded (bounded: {@link readIncoming}) so that a client still
 * writing can read the answer. The bytes must be
 * UTF-8 and parse as JSON, else 400 `invalid_json` with the line and column of
 * the first error. A number too large for a double (`1e400`) would become
 * Infinity, so it is refused as 400 `invalid_request` with its path.
 * An empty (or whitespace-only) body yields `undefined`.
 *
 * The value is stored as `c.var.body` (read it with {@link readJson}); the
 * text is also left in Hono's body cache, so `c.req.text()` keeps working.
 * Mount it after the Content-Type check, which guarantees the body claims JSON.
 *
 * @example
 * const app = new Hono<JsonBodyEnv>();
 * app.use(jsonBody({ maxBytes: options.maxBody ?? DEFAULT_MAX_BODY_BYTES }));
 * app.post('/match', (c) => safeJson(c, match(readJson(c))));
 */
export function jsonBody(options: JsonBodyOptions): MiddlewareHandler<JsonBodyEnv> {
  const { maxBytes } = options;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) {
    throw new KindredError('usage', `the body limit must be a whole number of bytes, got ${String(maxBytes)}`);
  }
  return async (c, next) => {
    const incoming = nodeIncoming(c.env);
    const bytes = incoming !== null ? await readIncoming(incoming, maxBytes, () => tooLarge(maxBytes)) : await readLimited(c.req.raw, maxBytes);
    const text = decodeUtf8(bytes);
    // Hono keeps promises in its body cache (its type declares the resolved
    // values); seeding it lets c.req.text()/json() work after the stream is read.
    Object.assign(c.req.bodyCache, { text: Promise.resolve(text) });
    c.set('body', parseJsonBody(text));
    await next();
  };
}

/**
 * The parsed JSON body stored by {@link jsonBody} (`undefined` when the body
 * was empty). Throws `internal` when the middleware was not mounted, which is
 * a wiring bug rather than a client error.
 *
 * @example
 * app.post('/explain', (c) => {
 *   const body = readJson(c);
 *   if (typeof body !== 'object' || body === null) throw new KindredError('invalid_request', 'expected a JSON object');
 *   ...
 * });
 */
export function readJson(c: Context): unknown {
  const vars: Record<string, unknown> = c.var;
  if (!('body' in vars)) throw new KindredError('internal', 'readJson() called on a route without the jsonBody middleware');
  return vars.body;
}

function tooLarge(maxBytes: number): KindredError {
  // The connection is not reused: what is left of a body past the drain bound would be read as the next request.
  return new KindredError('payload_too_large', `the request body is larger than the limit of ${maxBytes} bytes (--max-body)`, undefined, { Connection: 'close' });
}

async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > maxBytes) throw tooLarge(maxBytes);
  const stream = request.body;
  if (stream === null) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      // Stop reading the moment the limit is crossed; the adapter drains or
      // closes the rest after our 413 has been written.
      if (total > maxBytes) throw tooLarge(maxBytes);
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

// decode() without { stream: true } starts afresh each call, so one decoder serves every request.
const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(bytes: Uint8Array): string {
  try {
    // A leading byte-order mark is dropped, as RFC 8259 permits.
    return utf8.decode(bytes);
  } catch {
    throw new KindredError('invalid_json', 'the request body is not valid UTF-8');
  }
}

/**
 * Parse a request body's text: `undefined` when it is empty or only
 * whitespace, else the JSON value. Throws `invalid_json` with the parser's
 * message and the line and column of the first error, or `invalid_request`
 * listing the paths of numbers too large to represent.
 *
 * @example
 * parseJsonBody('{"records": [{"name": "Ann"}]}'); // { records: [ { name: 'Ann' } ] }
 * parseJsonBody('  ');                              // undefined
 * parseJsonBody('{"a": }');  // throws invalid_json: '... at line 1, column 7'
 * parseJsonBody('[1e400]');  // throws invalid_request, details [{ path: '[0]', ... }]
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const at = locateJsonSyntaxError(text);
    const where = at === undefined ? '' : ` at line ${at.line}, column ${at.column}`;
    throw new KindredError('invalid_json', `the request body is not valid JSON${where}: ${reason}`);
  }
  if (hasNonFiniteNumber(value)) {
    throw new KindredError(
      'invalid_request',
      'the request body holds numbers too large to represent',
      nonFinitePaths(value).map((path) => ({ path, message: 'number out of range (it would be Infinity)' })),
    );
  }
  return value;
}

/** Cheap first pass: most bodies have no overflowing number, so paths are only built when one exists. */
function hasNonFiniteNumber(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const item of Object.values(value)) stack.push(item);
    }
  }
  return false;
}

/** Longest list of offending paths reported, so a hostile body cannot inflate the error. */
const MAX_REPORTED_PATHS = 20;

function nonFinitePaths(root: unknown): string[] {
  const paths: string[] = [];
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length > 0 && paths.length < MAX_REPORTED_PATHS) {
    const entry = stack.pop();
    if (entry === undefined) break;
    const [value, path] = entry;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) paths.push(path === '' ? '(body)' : path);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}[${i}]`]);
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i];
        const step = /^[A-Za-z_$][\w$]*$/.test(key) ? (path === '' ? key : `${path}.${key}`) : `${path}[${JSON.stringify(key)}]`;
        stack.push([item, step]);
      }
    }
  }
  return paths;
}
