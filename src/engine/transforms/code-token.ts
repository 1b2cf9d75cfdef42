/** `code_token`: the model, part or reference code inside a product or item name. */
import { noArguments } from './arguments.js';
import type { TransformDefinition } from './types.js';

// Words in names are joined by whitespace and list punctuation; hyphens and dots stay inside a code
// (`PS-LX350H`, `KDL-40.V`) and are dropped after the split, so two spellings of one code agree.
const SEPARATORS = /[\s/,;:()[\]{}|+]+/u;
const NOT_ALPHANUMERIC = /[^\p{L}\p{N}]+/gu;
const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;
/** Shorter mixed tokens are units and sizes (`4k`, `2x`), not codes. */
const MIN_LENGTH = 3;

/**
 * The longest token that mixes letters and digits, with its punctuation
 * removed (the first one on a tie); "" (missing) when the value has none.
 * Two listings of one product rarely share wording but usually share its
 * model code, and the longest mixed token is the code more often than a
 * size or unit (`720p`, `16GB`).
 *
 * @example
 * codeToken('Sony PS-LX350H Belt-Drive Turntable'); // 'PSLX350H'
 * codeToken('Sony Turntable - PSLX350H');           // 'PSLX350H'
 * codeToken('Black leather sofa');                  // ''
 */
export function codeToken(value: string): string {
  let best = '';
  for (const raw of value.split(SEPARATORS)) {
    const token = raw.replace(NOT_ALPHANUMERIC, '');
    if (token.length >= MIN_LENGTH && token.length > best.length && LETTER.test(token) && DIGIT.test(token)) best = token;
  }
  return best;
}

/**
 * The `code_token` transform.
 *
 * @example
 * compileTransforms(['lowercase', 'code_token'])('Sony PS-LX350H Turntable'); // 'pslx350h'
 */
export const codeTokenTransform: TransformDefinition = {
  name: 'code_token',
  description: 'the longest token mixing letters and digits, punctuation removed (a model or part code); none → missing',
  checkArgs: noArguments('code_token'),
  create: () => codeToken,
};
