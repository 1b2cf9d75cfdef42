/** The transform registry: names → definitions, spec validation, and compiled transform chains. */
import { KindredError } from '../../errors/registry.js';
import { amountTransform } from './amount.js';
import { asciiFoldTransform } from './ascii-fold.js';
import { lowercaseTransform, uppercaseTransform } from './case-transforms.js';
import { alphaOnlyTransform, digitsOnlyTransform } from './character-filters.js';
import { codeTokenTransform } from './code-token.js';
import { metaphoneTransform } from './metaphone.js';
import { qgramTransform } from './qgram.js';
import { soundexTransform } from './soundex.js';
import { substringTransform } from './substring.js';
import {
  firstTokenTransform,
  lastTokenTransform,
  stripHonorificsTransform,
  tokenSortTransform,
} from './token-transforms.js';
import type { Transform, TransformDefinition } from './types.js';
import { normalizeWhitespaceTransform, stripAllTransform, stripTransform } from './whitespace-transforms.js';

const DEFINITIONS: readonly TransformDefinition[] = [
  lowercaseTransform,
  uppercaseTransform,
  stripTransform,
  stripAllTransform,
  normalizeWhitespaceTransform,
  digitsOnlyTransform,
  alphaOnlyTransform,
  asciiFoldTransform,
  soundexTransform,
  metaphoneTransform,
  firstTokenTransform,
  lastTokenTransform,
  substringTransform,
  tokenSortTransform,
  stripHonorificsTransform,
  codeTokenTransform,
  amountTransform,
  qgramTransform,
];

const BY_NAME = new Map(DEFINITIONS.map((d) => [d.name, d]));

/** Splits `name:a:b` into the name and its arguments. */
function parseSpec(spec: string): { name: string; args: string[] } {
  const [name, ...args] = spec.split(':');
  return { name, args };
}

/**
 * Every transform name, in documentation order.
 *
 * @example
 * listTransforms().includes('soundex'); // true
 */
export function listTransforms(): string[] {
  return DEFINITIONS.map((d) => d.name);
}

/**
 * Every transform with its one-line description (for docs and `--help`).
 *
 * @example
 * describeTransforms()[0]; // { name: 'lowercase', description: 'lower-case every letter ...' }
 */
export function describeTransforms(): Array<{ name: string; description: string }> {
  return DEFINITIONS.map((d) => ({ name: d.name, description: d.description }));
}

/**
 * Validates a transform spec such as `lowercase` or `substring:0:3`.
 * Returns null when it is valid, else a message naming what was expected.
 *
 * @example
 * checkTransform('substring:0:3'); // null
 * checkTransform('lowercas');      // 'unknown transform "lowercas"; expected one of: lowercase, ...'
 */
export function checkTransform(spec: string): string | null {
  if (typeof spec !== 'string') return `a transform must be a string, got ${typeof spec}`;
  const { name, args } = parseSpec(spec);
  const def = BY_NAME.get(name);
  if (def === undefined) return `unknown transform "${spec}"; expected one of: ${listTransforms().join(', ')}`;
  return def.checkArgs(args);
}

/**
 * The transform function for a spec.
 *
 * @throws KindredError `config_invalid` when the spec is unknown or its arguments are wrong.
 * @example
 * getTransform('substring:0:3')('Johnson'); // 'Joh'
 */
export function getTransform(spec: string): Transform {
  const problem = checkTransform(spec);
  if (problem !== null) throw new KindredError('config_invalid', problem);
  const { name, args } = parseSpec(spec);
  return (BY_NAME.get(name) as TransformDefinition).create(args);
}

/**
 * Compiles a transform chain into one function. Transforms apply in order;
 * null stays null, and an empty string at any step means missing (null).
 * An empty chain only turns "" into null.
 *
 * @throws KindredError `config_invalid` when any spec is invalid.
 * @example
 * const t = compileTransforms(['strip', 'lowercase']);
 * t('  Ann ');  // 'ann'
 * t('   ');     // null
 * t(null);      // null
 */
export function compileTransforms(specs: readonly string[]): (value: string | null) => string | null {
  const chain = specs.map(getTransform);
  return (value) => {
    if (value === null || value === '') return null;
    let v: string | null = value;
    for (let i = 0; i < chain.length; i++) {
      v = chain[i](v);
      if (v === null || v === '') return null;
    }
    return v;
  };
}
