/** The explicit safe limits on request sizes (API.md 2.5), in one place; each is a `kindred serve` option. */

/** How much one request may ask for. */
export interface RequestLimits {
  /** Records in one `POST /match/batch` (over it: 413). */
  maxBatch: number;
  /** `top_k` of `/match` and `/match/batch`. */
  maxTopK: number;
  /** `limit` of `GET /clusters` and `GET /reviews/decisions`. */
  maxLimit: number;
}

/**
 * The contract's defaults.
 *
 * @example
 * DEFAULT_REQUEST_LIMITS.maxBatch; // 10000
 */
export const DEFAULT_REQUEST_LIMITS: Readonly<RequestLimits> = { maxBatch: 10_000, maxTopK: 1_000, maxLimit: 10_000 };
