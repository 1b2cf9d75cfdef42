/** Scores leave kindred rounded to 6 decimals by one function, so every surface reports the same number for a pair. */
// The implementation lives with the cluster facts (it rounds half-way values by their decimal spelling);
// this module is the name the scoring and server code import. Non-finite values never reach JSON:
// safeJson (src/server/http-errors.ts) turns them into null.
export { round6 } from '../clustering/round6.js';
