/** Character filters: `digits_only` and `alpha_only` keep one ASCII class. */
import { noArguments } from './arguments.js';
import type { TransformDefinition } from './types.js';

/** `digits_only`: keep ASCII digits 0–9. */
export const digitsOnlyTransform: TransformDefinition = {
  name: 'digits_only',
  description: 'keep only the ASCII digits 0-9',
  checkArgs: noArguments('digits_only'),
  create: () => (v) => v.replace(/[^0-9]+/g, ''),
};

/** `alpha_only`: keep ASCII letters a–z and A–Z. */
export const alphaOnlyTransform: TransformDefinition = {
  name: 'alpha_only',
  description: 'keep only the ASCII letters a-z and A-Z',
  checkArgs: noArguments('alpha_only'),
  create: () => (v) => v.replace(/[^a-zA-Z]+/g, ''),
};
