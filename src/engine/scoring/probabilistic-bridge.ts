/** Connects Fellegi–Sunter models (src/engine/probabilistic) to the pair scorer: field binding, training in a worker, rebuilding from JSON. */
import type { Config, ProbabilisticMatchkey } from '../../config/types.js';
import { FieldDictionary, fieldKey, type FieldHandle } from '../fields/field-dictionary.js';
import { FellegiSunterModel } from '../probabilistic/model.js';
import { trainFellegiSunter } from '../probabilistic/train.js';
import type { ProbabilisticField } from '../probabilistic/types.js';
import { createScorer } from '../scorers/registry.js';
import type { FieldLookup, ProbabilisticScoring } from './pair-scorer.js';

/** Binds a probabilistic matchkey's fields to their prepared columns and scorers. */
export function probabilisticFields(mk: ProbabilisticMatchkey, lookup: FieldLookup): ProbabilisticField[] {
  return mk.fields.map((f) => {
    const dict = lookup(f);
    return { dict, scorer: createScorer(f.scorer, dict), spec: f };
  });
}

/** Adapts a trained model to the pair scorer's interface. */
export function asProbabilisticScoring(model: FellegiSunterModel): ProbabilisticScoring {
  return {
    scoreRows: (a, b) => model.scorePair(a, b),
    scoreValues: (a, b) => model.scoreValues(a, b),
    explainValues: (a, b) => model.explainValues(a, b).fields,
  };
}

/**
 * Rebuilds the probabilistic models of a run from their JSON form (trained
 * once, then sent to every worker).
 *
 * @example
 * const models = openProbabilisticModels(config, run.models, lookup);
 */
export function openProbabilisticModels(
  config: Config,
  json: Record<string, unknown>,
  lookup: FieldLookup,
): Map<string, ProbabilisticScoring> {
  const out = new Map<string, ProbabilisticScoring>();
  for (const mk of config.matchkeys) {
    if (mk.type !== 'probabilistic') continue;
    if (!(mk.name in json)) throw new Error(`matchkey ${mk.name}: no trained model was supplied`);
    out.set(mk.name, asProbabilisticScoring(FellegiSunterModel.fromJSON(json[mk.name], probabilisticFields(mk, lookup))));
  }
  return out;
}

/** Input of {@link trainProbabilistic}. */
export interface TrainTask {
  matchkey: ProbabilisticMatchkey;
  fields: FieldHandle[];
  rowCount: number;
  pairs: { a: Int32Array; b: Int32Array; pass: Int32Array; count: number };
  passFieldKeys: string[][];
}

/** Worker task: trains one probabilistic matchkey and returns its model as JSON plus the convergence report. */
export function trainProbabilistic(task: TrainTask): { model: unknown; converged: boolean; iterations: number } {
  const dicts = new Map(task.fields.map((h) => [h.key, new FieldDictionary(h)]));
  const lookup: FieldLookup = (ref) => {
    const d = dicts.get(fieldKey(ref.field, ref.transforms));
    if (!d) throw new Error(`field ${fieldKey(ref.field, ref.transforms)} is not prepared`);
    return d;
  };
  const model = trainFellegiSunter({
    fields: probabilisticFields(task.matchkey, lookup),
    rowCount: task.rowCount,
    blockedPairs: task.pairs,
    passFieldKeys: task.passFieldKeys,
    missing: task.matchkey.missing,
    em: task.matchkey.em,
  });
  return { model: model.toJSON(), converged: model.converged, iterations: model.iterations };
}
