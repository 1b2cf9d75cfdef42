/** `exact`: 1 when the (transformed) values are identical, else 0. */
import { noArguments } from '../transforms/arguments.js';
import { noDictionary } from './per-value-scorer.js';
import type { ScorerDefinition } from './types.js';

/** `exact`: ids are unique per distinct value, so equal ids mean equal values. */
export const exactScorer: ScorerDefinition = {
  name: 'exact',
  description: '1 if the values are identical (after transforms), else 0',
  checkArgs: noArguments('exact'),
  create: (_args, dict) => ({
    ids:
      dict === null
        ? () => {
            throw noDictionary('exact');
          }
        : (a, b) => (a === b ? 1 : 0),
    values: (a, b) => (a === b ? 1 : 0),
  }),
};
