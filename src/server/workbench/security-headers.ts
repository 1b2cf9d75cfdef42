/** The headers every answer of the review workbench's pages and assets carries: a strict CSP, nosniff, no framing, no referrer. */

/**
 * The workbench's Content-Security-Policy. Scripts and styles only from the
 * server's own origin (no inline script or style element, no eval), fetches
 * only to the same origin (the public API), images only from itself or
 * `data:` (the empty favicon), no plugins, no `<base>` rewriting, no form
 * posts anywhere and no framing (clickjacking of the approve button).
 * Charts are SVG built through the DOM, whose attributes a CSP does not
 * police.
 *
 * @example
 * res.headers.set('Content-Security-Policy', WORKBENCH_CSP);
 */
export const WORKBENCH_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Every security header of a workbench answer, in the order they are sent.
 * `Cache-Control: no-cache` makes the browser revalidate (the ETag answers
 * 304), so a rebuilt server never runs an old bundle against a new API.
 *
 * @example
 * for (const [name, value] of Object.entries(WORKBENCH_HEADERS)) c.header(name, value);
 */
export const WORKBENCH_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': WORKBENCH_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-cache',
});
