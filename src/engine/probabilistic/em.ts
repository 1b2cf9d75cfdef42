/** Expectation–maximisation for Fellegi–Sunter: learns m and the match prior λ with u held fixed. */

/**
 * EM constants: the starting match prior, the smallest prior EM may settle on
 * (a prior of 0 would freeze every posterior at 0), and the additive
 * smoothing of m so no level has probability 0.
 *
 * @example
 * EM_CONSTANTS.initialLambda; // 0.02
 */
export const EM_CONSTANTS = { initialLambda: 0.02, lambdaFloor: 1e-6, mSmoothing: 1e-6 } as const;

/**
 * Comparison vectors and fixed u for {@link runEm}.
 *
 * @example
 * const input: EmInput = { levels, count: 1000, nFields: 2, levelCounts: [2, 2], u, maxIterations: 20, convergence: 0.001 };
 */
export interface EmInput {
  /** Row-major levels, `count × nFields`; a negative level is not evidence for that field. */
  levels: Int8Array;
  count: number;
  nFields: number;
  /** Levels per field. */
  levelCounts: readonly number[];
  /** Fixed u per field and level (all > 0). */
  u: readonly (readonly number[])[];
  maxIterations: number;
  /** Stop once the largest absolute change of any m entry falls below this. */
  convergence: number;
}

/**
 * What EM learned, and whether it really converged.
 *
 * @example
 * if (!result.converged) warn(`stopped after ${result.iterations} iterations`);
 */
export interface EmResult {
  m: number[][];
  lambda: number;
  /** EM iterations run (one E-step plus one M-step each). */
  iterations: number;
  /** True only if an iteration changed no m entry by `convergence` or more. */
  converged: boolean;
  /** Largest m change of the last iteration (Infinity if none ran). */
  lastChange: number;
}

/**
 * The starting m of a field with `n` levels: proportional to 2^k, so higher
 * levels start out more likely among matches.
 *
 * @example
 * initialM(2); // [1/3, 2/3]
 */
export function initialM(n: number): number[] {
  const total = 2 ** n - 1;
  return Array.from({ length: n }, (_, k) => 2 ** k / total);
}

/**
 * Runs EM from λ = 0.02 and m ∝ 2^k. E-step (log space):
 * `P(match | γ) = λ·Π m_f[γ_f] / (λ·Π m_f[γ_f] + (1−λ)·Π u_f[γ_f])` over the
 * fields with a level. M-step: `λ = max(Σ post / N, 1e-6)` and
 * `m_f[k] = (Σ_{γ_f = k} post + 1e-6) / (Σ_{γ_f observed} post + levels·1e-6)`.
 * Stops when the largest m change is below `convergence` or after
 * `maxIterations`; with no pairs nothing runs and `converged` is false.
 *
 * @example
 * const r = runEm({ levels, count, nFields: 2, levelCounts: [2, 3], u, maxIterations: 20, convergence: 0.001 });
 * r.converged; // false means the m below are the last iterate, not a fixed point
 */
export function runEm(input: EmInput): EmResult {
  const { levels, count, nFields, levelCounts, u } = input;
  const m = levelCounts.map(initialM);
  let lambda: number = EM_CONSTANTS.initialLambda;
  if (count === 0 || input.maxIterations < 1) {
    return { m, lambda, iterations: 0, converged: false, lastChange: Infinity };
  }
  const logU = u.map((row) => row.map(Math.log));
  const weighted = levelCounts.map((n) => new Float64Array(n));
  const eligible = new Float64Array(nFields);
  let iterations = 0;
  let converged = false;
  let lastChange = Infinity;

  while (iterations < input.maxIterations) {
    iterations++;
    const logM = m.map((row) => row.map(Math.log));
    const logPrior = Math.log(lambda);
    const logNonPrior = Math.log(1 - lambda);
    for (const w of weighted) w.fill(0);
    eligible.fill(0);
    let posteriorSum = 0;

    for (let i = 0; i < count; i++) {
      const base = i * nFields;
      let lm = logPrior;
      let lu = logNonPrior;
      for (let f = 0; f < nFields; f++) {
        const level = levels[base + f];
        if (level < 0) continue;
        lm += logM[f][level];
        lu += logU[f][level];
      }
      // 1/(1+e^(lu−lm)) is stable at both extremes (e^large → ∞ → 0).
      const post = 1 / (1 + Math.exp(lu - lm));
      posteriorSum += post;
      for (let f = 0; f < nFields; f++) {
        const level = levels[base + f];
        if (level < 0) continue;
        weighted[f][level] += post;
        eligible[f] += post;
      }
    }

    // Clamped below 1 as well: a prior of exactly 1 would make log(1 − λ) −∞.
    lambda = Math.min(Math.max(posteriorSum / count, EM_CONSTANTS.lambdaFloor), 1 - EM_CONSTANTS.lambdaFloor);
    let change = 0;
    for (let f = 0; f < nFields; f++) {
      const n = levelCounts[f];
      const denominator = eligible[f] + n * EM_CONSTANTS.mSmoothing;
      for (let k = 0; k < n; k++) {
        const next = (weighted[f][k] + EM_CONSTANTS.mSmoothing) / denominator;
        change = Math.max(change, Math.abs(next - m[f][k]));
        m[f][k] = next;
      }
    }
    lastChange = change;
    if (change < input.convergence) {
      converged = true;
      break;
    }
  }
  return { m, lambda, iterations, converged, lastChange };
}
