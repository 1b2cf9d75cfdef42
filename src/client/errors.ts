/** The client's error: a non-2xx answer (status, code, message, details from the error body) or a network failure (cause attached). */

// The server's KindredError lives in src/errors/registry.ts, but the client
// must run in browsers and must not import server code (node: modules, the
// error registry's HTTP statuses), so this is the one deliberate second
// definition, with the name API.md §4 gives it.

/**
 * One problem in a rejected request, as the server reports it.
 *
 * @example
 * const d: KindredErrorDetail = { path: 'records[3].name', message: 'expected a string' };
 */
export interface KindredErrorDetail {
  path: string;
  message: string;
}

/**
 * Thrown by every `KindredClient` method on a non-2xx answer (`status` is
 * the HTTP status) or when no answer arrived (`status` 0, `code`
 * `network_error` or `timeout`, the underlying error as `cause`).
 *
 * @example
 * try { await client.cluster(99999); } catch (e) { if (e instanceof KindredError && e.status === 404) console.log(e.code); }
 */
export class KindredError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: KindredErrorDetail[] | undefined;

  constructor(status: number, code: string, message: string, details?: KindredErrorDetail[], options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KindredError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/**
 * The KindredError of a non-2xx answer, from the API's error body (`{error: {code, message, details}}`) when there is one.
 *
 * @example
 * errorFromBody(404, { error: { code: 'not_found', message: 'no record 9' } }, 'GET /x: HTTP 404').code; // 'not_found'
 */
export function errorFromBody(status: number, body: unknown, fallback: string): KindredError {
  const err = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof err === 'object' && err !== null) {
    const e = err as { code?: unknown; message?: unknown; details?: unknown };
    const details = Array.isArray(e.details) ? e.details.filter(isDetail) : undefined;
    return new KindredError(
      status,
      typeof e.code === 'string' ? e.code : `http_${status}`,
      typeof e.message === 'string' ? e.message : fallback,
      details,
    );
  }
  return new KindredError(status, `http_${status}`, fallback);
}

function isDetail(x: unknown): x is KindredErrorDetail {
  return typeof x === 'object' && x !== null && typeof (x as KindredErrorDetail).path === 'string' && typeof (x as KindredErrorDetail).message === 'string';
}
