/** Reads a contract error body from a test response, failing the test when the shape is wrong. */
import assert from 'node:assert/strict';

/**
 * The `error` object of a contract error body.
 *
 * @example
 * const error: ErrorBody = { code: 'not_found', message: 'cluster 99 does not exist' };
 */
export interface ErrorBody {
  code: string;
  message: string;
  details?: { path: string; message: string }[];
}

/**
 * Parse `res` as `{"error": {"code", "message", "details"?}}` with a JSON
 * content type, asserting the shape, and return the inner object.
 *
 * @example
 * const error = await readError(await fetch(url));
 * assert.equal(error.code, 'not_found');
 */
export async function readError(res: Response): Promise<ErrorBody> {
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  const body: unknown = JSON.parse(await res.text());
  assert.ok(typeof body === 'object' && body !== null && 'error' in body, 'body has an "error" key');
  const error: unknown = body.error;
  assert.ok(typeof error === 'object' && error !== null, 'error is an object');
  assert.ok('code' in error && typeof error.code === 'string', 'error.code is a string');
  assert.ok('message' in error && typeof error.message === 'string', 'error.message is a string');
  if (!('details' in error)) return { code: error.code, message: error.message };
  assert.ok(Array.isArray(error.details), 'error.details is an array');
  const details = error.details.map((item: unknown) => {
    assert.ok(typeof item === 'object' && item !== null, 'a detail is an object');
    assert.ok('path' in item && typeof item.path === 'string', 'detail.path is a string');
    assert.ok('message' in item && typeof item.message === 'string', 'detail.message is a string');
    return { path: item.path, message: item.message };
  });
  return { code: error.code, message: error.message, details };
}
