// Extracts a bearer token from an Authorization header value (RFC 6750 §2.1).

/**
 * What the Authorization header carried: nothing usable (no header, another
 * scheme, an empty token), or a bearer token to verify.
 *
 * @example
 * const seen: BearerHeader = { kind: 'token', token: 'eyJ...' };
 */
export type BearerHeader = { kind: 'absent'; reason: string } | { kind: 'token'; token: string };

const SCHEME = /^Bearer(?:[ ]+(.*))?$/i;

/**
 * Reads `Authorization: Bearer <token>`. The scheme is matched without regard
 * to case (RFC 7235); anything else counts as "no token sent", which the
 * caller answers with a plain `WWW-Authenticate: Bearer` challenge.
 *
 * @example
 * readBearerHeader('Bearer abc.def.ghi'); // { kind: 'token', token: 'abc.def.ghi' }
 * readBearerHeader('Basic dXNlcjpwdw=='); // { kind: 'absent', reason: '...' }
 */
export function readBearerHeader(value: string | undefined): BearerHeader {
  if (value === undefined || value.trim() === '') {
    return { kind: 'absent', reason: 'missing Authorization header with a Bearer token' };
  }
  const m = SCHEME.exec(value.trim());
  if (m === null) {
    return { kind: 'absent', reason: 'the Authorization header must use the Bearer scheme: "Authorization: Bearer <token>"' };
  }
  const token = (m[1] ?? '').trim();
  if (token === '') return { kind: 'absent', reason: 'the Bearer token is empty' };
  // Whatever follows the scheme was sent as a token: verification rejects it if malformed.
  return { kind: 'token', token };
}
