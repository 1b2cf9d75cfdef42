/** Turns m and u into Fellegi–Sunter match weights (log2 likelihood ratios), plus the fixed priors for blocking fields. */

/**
 * Probabilities are floored at `probabilityFloor` before taking logs, so
 * weights stay finite; `rampBits` is the magnitude of the fixed weight ramp
 * of a field every training pair was blocked on.
 *
 * @example
 * WEIGHT_CONSTANTS.rampBits; // 3
 */
export const WEIGHT_CONSTANTS = { probabilityFloor: 1e-10, rampBits: 3 } as const;

/**
 * `w[k] = log2(max(m[k], 1e-10) / max(u[k], 1e-10))`: bits of evidence for a
 * match when a pair is at level k.
 *
 * @example
 * matchWeights([0.1, 0.9], [0.9, 0.1]); // [-3.17, 3.17]
 */
export function matchWeights(m: readonly number[], u: readonly number[]): number[] {
  return m.map((mk, k) => Math.log2(Math.max(mk, WEIGHT_CONSTANTS.probabilityFloor) / Math.max(u[k], WEIGHT_CONSTANTS.probabilityFloor)));
}

/**
 * The fixed weights of a field EM cannot learn (every training pair was
 * blocked on it, so it always agrees there): a straight ramp from −3 at
 * level 0 to +3 at the top level.
 *
 * @example
 * rampWeights(2); // [-3, 3]
 * rampWeights(3); // [-3, 0, 3]
 */
export function rampWeights(n: number): number[] {
  return Array.from({ length: n }, (_, k) => -WEIGHT_CONSTANTS.rampBits + (2 * WEIGHT_CONSTANTS.rampBits * k) / (n - 1));
}

/**
 * A neutral u for a field with fixed weights: equal shares in whole
 * percent, the rounding remainder on level 0.
 *
 * @example
 * neutralU(2); // [0.5, 0.5]
 * neutralU(3); // [0.34, 0.33, 0.33]
 */
export function neutralU(n: number): number[] {
  const share = Math.floor(100 / n);
  const u = new Array<number>(n).fill(share / 100);
  u[0] = (100 - share * (n - 1)) / 100;
  return u;
}

/**
 * A human-readable warning when weights do not rise with the level (legal,
 * but usually means the levels or the scorer are a poor fit for the data).
 * Null when the weights are non-decreasing.
 *
 * @example
 * monotonicityWarning('name|lowercase', [1, -2]); // "field name|lowercase: ..."
 */
export function monotonicityWarning(fieldKey: string, weights: readonly number[]): string | null {
  for (let k = 1; k < weights.length; k++) {
    if (weights[k] < weights[k - 1]) {
      const shown = weights.map((w) => w.toFixed(2)).join(', ');
      return `field ${fieldKey}: match weights do not increase with the level [${shown}]`;
    }
  }
  return null;
}
