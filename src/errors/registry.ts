/** The one registry of error codes: every error kindred reports is defined here, once. */

/**
 * A structured, serialisable validation issue: where (a key path such as
 * `records[3].name` or `matchkeys[0].threshold`) and what was wrong.
 *
 * @example
 * const issue: Issue = { path: 'records[3].name', message: 'expected a string' };
 */
export interface Issue {
  path: string;
  message: string;
}

/** Every stable error code, with the HTTP status it maps to. */
export const ERROR_CODES = {
  invalid_json: 400,
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  forbidden_host: 403,
  cors_denied: 403,
  not_found: 404,
  method_not_allowed: 405,
  busy: 409,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal: 500,
  not_ready: 503,
  timeout: 503,
  auth_unavailable: 503,
  // Command-line and loading errors (exit code 2 unless noted).
  usage: 2,
  config_invalid: 2,
  csv_invalid: 2,
  // A configuration part that cannot be compiled to SQL for the dialect asked for.
  sql_unsupported: 2,
  file_not_found: 2,
  run_failed: 1,
} as const;

/** A stable, machine-readable error code. */
export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * The one error class of kindred. HTTP handlers turn it into
 * `{"error": {"code", "message", "details"?}}` with `status`; the CLI prints
 * `message` (and details) and exits with `exitCode`.
 *
 * @example
 * throw new KindredError('not_found', 'cluster 99 does not exist');
 * throw new KindredError('config_invalid', 'match.yaml: invalid configuration',
 *   [{ path: 'matchkeys[0].threshold', message: 'expected a number in [0, 1], got "high"' }]);
 */
export class KindredError extends Error {
  readonly code: ErrorCode;
  readonly details: Issue[] | undefined;
  /** Extra response headers (e.g. `Allow`, `WWW-Authenticate`). */
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, details?: Issue[], headers?: Record<string, string>) {
    super(message);
    this.name = 'KindredError';
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  /** HTTP status for server errors; 500 for codes that only the CLI uses. */
  get status(): number {
    const s = ERROR_CODES[this.code];
    return s >= 400 ? s : 500;
  }

  /** Process exit code for the CLI: 2 for usage/configuration/input errors, else 1. */
  get exitCode(): number {
    const s = ERROR_CODES[this.code];
    if (s === 2) return 2;
    if (this.code === 'invalid_request' || this.code === 'invalid_json') return 2;
    return 1;
  }

  /** The JSON error body of the HTTP contract. */
  toBody(): { error: { code: ErrorCode; message: string; details?: Issue[] } } {
    return this.details && this.details.length > 0
      ? { error: { code: this.code, message: this.message, details: this.details } }
      : { error: { code: this.code, message: this.message } };
  }

  /** Human text for stderr: the message, then one line per detail. */
  toText(): string {
    const lines = [this.message];
    for (const d of this.details ?? []) lines.push(`  ${d.path}: ${d.message}`);
    return lines.join('\n');
  }
}

/** Type guard for {@link KindredError}, also across worker boundaries (by shape). */
export function isKindredError(e: unknown): e is KindredError {
  return e instanceof KindredError;
}
