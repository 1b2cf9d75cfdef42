/** Requires `Content-Type: application/json` on every request that carries a body (the CSRF defence of the contract). */
import type { MiddlewareHandler } from 'hono';
import { KindredError } from '../../../errors/registry.js';

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
 * A request without a body (no length, or length 0) passes whatever its
 * method, since some POST endpoints accept an empty body.
 *
 * @example
 * app.use(requireJsonContentType());
 */
export function requireJsonContentType(): MiddlewareHandler {
  return async (c, next) => {
    if (hasRequestBody(c.req.raw.headers)) {
      const contentType = c.req.header('content-type');
      if (!isJsonMediaType(contentType)) {
        const got = contentType === undefined ? 'no Content-Type' : `Content-Type ${JSON.stringify(contentType.slice(0, 100))}`;
        throw new KindredError('unsupported_media_type', `request bodies must be sent as Content-Type: application/json (got ${got})`);
      }
    }
    await next();
  };
}
