/** Public entry of `kindred/client`: the client, its error and its response types. */
export { KindredClient, DEFAULT_BASE_URL, DEFAULT_TIMEOUT_MS, type KindredClientOptions } from './client.js';
export { KindredError, type KindredErrorDetail } from './errors.js';
export type * from './types.js';
