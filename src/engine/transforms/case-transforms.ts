/** Case transforms: `lowercase` and `uppercase`. */
import { noArguments } from './arguments.js';
import type { TransformDefinition } from './types.js';

/** `lowercase`: full Unicode lower-casing (locale-independent). */
export const lowercaseTransform: TransformDefinition = {
  name: 'lowercase',
  description: 'lower-case every letter (Unicode, locale-independent)',
  checkArgs: noArguments('lowercase'),
  create: () => (v) => v.toLowerCase(),
};

/** `uppercase`: full Unicode upper-casing (`ß` becomes `SS`). */
export const uppercaseTransform: TransformDefinition = {
  name: 'uppercase',
  description: 'upper-case every letter (Unicode, locale-independent; ß → SS)',
  checkArgs: noArguments('uppercase'),
  create: () => (v) => v.toUpperCase(),
};
