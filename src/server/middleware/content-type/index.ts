/** Requires `Content-Type: application/json` on every request that carries a body (the CSRF defence of the contract). */
import type { MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';
import { KindredError } from '../../../errors/registry.js';
import { nodeIncoming } from '../json-body/read-incoming.js';

/**
 * Whether the request declares a body: a `Content-Length` other than 0, or
 * any `Transfer-Encoding` (chunked uploads have no length).
 *
 * @example
 * hasRequestBody(new Headers({ 'content-length': '12' })); // true
 * hasRequestBody(new Headers({ 'content-length': '0' }));  // false
 */
export function hasRequestBody(headers: Headers): boolean {
  const length = headers.get('content-length');
  if (length !== null && length.trim() !== '0') return true;
  return headers.get('transfer-encoding') !== null;
}

/**
 * Whether a `Content-Type` value is JSON: the media type must be
 * `application/json` (case-insensitive); parameters such as `charset` are allowed.
 *
 * @example
 * isJsonMediaType('Application/JSON; charset=utf-8'); // true
 * isJsonMediaType('text/plain');                      // false
 */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const mediaType = contentType.split(';', 1)[0].trim().toLowerCase();
  return mediaType === 'application/json';
}

/**
 * Refuse any request whose body is not declared as JSON with 415
 * `unsupported_media_type`. Browsers can send `text/plain`, form and
 * multipart bodies cross-site without a preflight, but not
 * `application/json`, so requiring it stops forged state-changing requests.
 * A request without a body (no length, length 0, or a chunked body that
 * ends before its first byte) passes whatever its method, since some POST
 * endpoints accept an empty body.
 *
 * @example
 * app.use(requireJsonContentType());
 */
export function requireJsonContentType(): MiddlewareHandler {
  return async (c, next) => {
    if (hasRequestBody(c.req.raw.headers)) {
      const contentType = c.req.header('content-type');
      // A chunked body of zero bytes is no body, however it is framed: only reading it can tell.
      if (!isJsonMediaType(contentType) && !(await framedButEmpty(c.req.raw, nodeIncoming(c.env)))) {
        const got = contentType === undefined ? 'no Content-Type' : `Content-Type ${JSON.stringify(contentType.slice(0, 100))}`;
        throw new KindredError('unsupported_media_type', `request bodies must be sent as Content-Type: application/json (got ${got})`);
      }
    }
    await next();
  };
}

/**
 * Whether a body declared only by its framing (`Transfer-Encoding`, no
 * `Content-Length`) ends before its first byte. Reads at most the first
 * chunk; a body that has one is left for the caller to refuse.
 *
 * @example
 * await framedButEmpty(c.req.raw, nodeIncoming(c.env)); // true for `Transfer-Encoding: chunked` and `0\r\n\r\n`
 */
export async function framedButEmpty(request: Request, incoming: IncomingMessage | null): Promise<boolean> {
  if (request.headers.get('content-length') !== null) return false;
  if (incoming !== null) {
    if (incoming.readableEnded) return true;
    return new Promise((resolve) => {
      const done = (empty: boolean): void => {
        incoming.off('data', onData);
        incoming.off('end', onEnd);
        incoming.off('close', onClose);
        resolve(empty);
      };
      const onData = (chunk: Buffer): void => {
        if (chunk.length === 0) return;
        incoming.pause();
        incoming.unshift(chunk);
        done(false);
      };
      const onEnd = (): void => done(true);
      const onClose = (): void => done(incoming.readableEnded);
      incoming.on('data', onData);
      incoming.on('end', onEnd);
      incoming.on('close', onClose);
    });
  }
  if (request.body === null) return true;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      // Closed and empty: the JSON body reader reads it again and finds nothing.
      reader.releaseLock();
      return true;
    }
    if (value.length > 0) return false;
  }
}
