/** Worker task: runs every capture system over a run's kept pairs and tallies how many systems found each pair. */
import type { RunHandle } from '../scoring/score-task.js';
import { FieldDictionary, fieldKey } from '../fields/field-dictionary.js';
import { createScorer } from '../scorers/registry.js';
import { captureSystems } from './capture-systems.js';

/**
 * Similarity at or above which a single-field system counts a pair as found.
 *
 * @example
 * const found = similarity >= AGREEMENT_LEVEL;
 */
export const AGREEMENT_LEVEL = 0.85;

/**
 * The tally of a capture run: `exactly[k]` pairs found by exactly k systems,
 * the union size, and the mean pairwise Jaccard overlap of the systems.
 *
 * @example
 * const t: CaptureCounts = { systems: ['surname', 'given_name', 'postcode'], exactly: [12, 30, 80, 400], foundPairs: 510, overlap: 0.61 };
 */
export interface CaptureCounts {
  systems: string[];
  exactly: number[];
  foundPairs: number;
  overlap: number;
}

/**
 * Counts captures over the candidate pairs `a[i] < b[i]` (shared or
 * transferred arrays) with the run's prepared fields.
 *
 * @example
 * const counts = await pool.run('certifyCaptures', { run: results.run.handle, a: pairs.a, b: pairs.b, count: pairs.count });
 */
export function certifyCaptures(input: { run: RunHandle; a: Int32Array; b: Int32Array; count: number }): CaptureCounts {
  const handles = new Map(input.run.fields.map((h) => [h.key, h]));
  const systems = captureSystems(input.run.config, fieldKey).filter((s) => handles.has(s.key));
  const K = systems.length;
  const bound = systems.map((s) => {
    const dict = new FieldDictionary(handles.get(s.key) as NonNullable<ReturnType<typeof handles.get>>);
    return { ids: dict.ids, score: createScorer(s.scorer, dict) };
  });
  const exactly = new Array<number>(K + 1).fill(0);
  const found = new Float64Array(K);
  const both = new Float64Array(K * K);
  const hit = new Uint8Array(K);
  for (let i = 0; i < input.count; i++) {
    const a = input.a[i];
    const b = input.b[i];
    let k = 0;
    for (let s = 0; s < K; s++) {
      const { ids, score } = bound[s];
      const ia = ids[a];
      const ib = ids[b];
      hit[s] = ia >= 0 && ib >= 0 && (ia === ib || score.ids(ia, ib) >= AGREEMENT_LEVEL) ? 1 : 0;
      k += hit[s];
    }
    exactly[k]++;
    for (let s = 0; s < K; s++) {
      if (!hit[s]) continue;
      found[s]++;
      for (let t = s + 1; t < K; t++) if (hit[t]) both[s * K + t]++;
    }
  }
  let jaccard = 0;
  let pairsOfSystems = 0;
  for (let s = 0; s < K; s++) {
    for (let t = s + 1; t < K; t++) {
      const union = found[s] + found[t] - both[s * K + t];
      jaccard += union > 0 ? both[s * K + t] / union : 0;
      pairsOfSystems++;
    }
  }
  return {
    systems: systems.map((s) => s.column),
    exactly,
    foundPairs: input.count - exactly[0],
    overlap: pairsOfSystems > 0 ? jaccard / pairsOfSystems : 0,
  };
}
