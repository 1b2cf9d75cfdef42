// Reads and validates the hosted-authentication settings (`--auth jwt`) from the environment.
import { KindredError, type Issue } from '../../errors/registry.js';

/**
 * Validated settings for verifying identity-provider JWTs.
 *
 * @example
 * const config: HostedAuthConfig = {
 *   jwksUrl: new URL('https://id.example.com/.well-known/jwks.json'),
 *   issuer: 'https://id.example.com/',
 *   audience: 'https://kindred.example.com',
 *   algorithms: ['RS256', 'ES256'],
 *   clockToleranceSeconds: 60,
 * };
 */
export interface HostedAuthConfig {
  /** Where the provider publishes its public signing keys. */
  jwksUrl: URL;
  /** The exact `iss` a token must carry. */
  issuer: string;
  /** A value the token's `aud` (string or array) must contain. */
  audience: string;
  /** Accepted JWS algorithms; never `none`, never a symmetric one. */
  algorithms: readonly string[];
  /** Leeway for `exp` and `nbf`, in seconds. */
  clockToleranceSeconds: number;
}

/**
 * Asymmetric JWS algorithms a provider may sign with. Symmetric (HS*) ones are
 * excluded on purpose: the verification key is public, so accepting HMAC would
 * let anyone who has read the JWKS forge tokens.
 *
 * @example
 * ASYMMETRIC_ALGORITHMS.includes('ES256'); // true
 */
export const ASYMMETRIC_ALGORITHMS: readonly string[] = [
  'RS256', 'RS384', 'RS512',
  'PS256', 'PS384', 'PS512',
  'ES256', 'ES384', 'ES512',
  'EdDSA', 'Ed25519',
];

/**
 * Algorithms accepted when `AUTH_ALGORITHMS` is unset or empty.
 *
 * @example
 * DEFAULT_ALGORITHMS; // ['RS256', 'ES256']
 */
export const DEFAULT_ALGORITHMS: readonly string[] = ['RS256', 'ES256'];

/**
 * The clock tolerance the contract fixes for `exp` and `nbf`.
 *
 * @example
 * CLOCK_TOLERANCE_SECONDS; // 60
 */
export const CLOCK_TOLERANCE_SECONDS = 60;

const REQUIRED_VARIABLES = ['AUTH_JWKS_URL', 'AUTH_ISSUER', 'AUTH_AUDIENCE'] as const;

function parseJwksUrl(raw: string, issues: Issue[]): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    issues.push({ path: 'AUTH_JWKS_URL', message: `expected an http(s) URL, got "${raw}"` });
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    issues.push({ path: 'AUTH_JWKS_URL', message: `expected an http(s) URL, got the scheme "${url.protocol}"` });
    return undefined;
  }
  return url;
}

function parseAlgorithms(raw: string | undefined, issues: Issue[]): string[] {
  if (raw === undefined || raw.trim() === '') return [...DEFAULT_ALGORITHMS];
  const names = raw.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  if (names.length === 0) {
    issues.push({ path: 'AUTH_ALGORITHMS', message: 'expected a comma-separated list of algorithms, got an empty list' });
    return [];
  }
  const accepted: string[] = [];
  for (const name of names) {
    const upper = name.toUpperCase();
    if (upper === 'NONE') {
      issues.push({ path: 'AUTH_ALGORITHMS', message: '"none" is never accepted: unsigned tokens would prove nothing' });
      continue;
    }
    if (upper.startsWith('HS')) {
      issues.push({
        path: 'AUTH_ALGORITHMS',
        message: `"${name}" is an HMAC (symmetric) algorithm and is never accepted: the verification keys are public`,
      });
      continue;
    }
    // Case-insensitive lookup, canonical spelling out: jose compares `alg` exactly.
    const canonical = ASYMMETRIC_ALGORITHMS.find((a) => a.toUpperCase() === upper);
    if (canonical === undefined) {
      issues.push({
        path: 'AUTH_ALGORITHMS',
        message: `unknown or unsupported algorithm "${name}"; expected some of ${ASYMMETRIC_ALGORITHMS.join(', ')}`,
      });
      continue;
    }
    if (!accepted.includes(canonical)) accepted.push(canonical);
  }
  return accepted;
}

/**
 * Reads `AUTH_JWKS_URL`, `AUTH_ISSUER`, `AUTH_AUDIENCE` and `AUTH_ALGORITHMS`.
 * Every problem is collected, so one start-up attempt reports them all; the
 * thrown `usage` error (exit 2) names each offending variable in its message
 * and in `details`.
 *
 * @example
 * const config = readHostedAuthConfig({
 *   AUTH_JWKS_URL: 'https://id.example.com/.well-known/jwks.json',
 *   AUTH_ISSUER: 'https://id.example.com/',
 *   AUTH_AUDIENCE: 'https://kindred.example.com',
 * });
 * config.algorithms; // ['RS256', 'ES256']
 */
export function readHostedAuthConfig(env: NodeJS.ProcessEnv): HostedAuthConfig {
  const issues: Issue[] = [];
  const value = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  for (const name of REQUIRED_VARIABLES) {
    if (value(name) === undefined) {
      issues.push({ path: name, message: `${name} is required when hosted authentication (--auth jwt) is on` });
    }
  }
  const rawUrl = value('AUTH_JWKS_URL');
  const jwksUrl = rawUrl === undefined ? undefined : parseJwksUrl(rawUrl, issues);
  const algorithms = parseAlgorithms(env.AUTH_ALGORITHMS, issues);
  const issuer = value('AUTH_ISSUER');
  const audience = value('AUTH_AUDIENCE');
  if (issues.length > 0 || jwksUrl === undefined || issuer === undefined || audience === undefined) {
    const summary = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
    throw new KindredError('usage', `invalid hosted authentication settings: ${summary}`, issues);
  }
  return {
    jwksUrl,
    issuer,
    audience,
    algorithms,
    clockToleranceSeconds: CLOCK_TOLERANCE_SECONDS,
  };
}
