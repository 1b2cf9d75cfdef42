/** The `qgram[:q]` transform as warehouse functions: src/engine/transforms/qgram.ts (the distinct q-grams of "##value##" over code points, sorted by code point, the first five joined by spaces). */
import { parseIntegerArgument } from '../../engine/transforms/arguments.js';
import { JS_TOKENS } from './shared-code.js';
import type { WarehouseFunction } from './warehouse-function.js';

const KEPT = 5;
const DEFAULT_Q = 3;

const JAVASCRIPT = `${JS_TOKENS}
function qgramSignature(value, q) {
  const chars = Array.from('##' + value + '##');
  const grams = new Set();
  for (let i = 0; i + q <= chars.length; i++) grams.add(chars.slice(i, i + q).join(''));
  return Array.from(grams).sort(cmpCodePoints).slice(0, ${KEPT}).join(' ');
}`;

const PYTHON = `
def qgram_signature(value, q):
    chars = '##' + value + '##'
    grams = {chars[i:i + q] for i in range(len(chars) - q + 1)}
    return ' '.join(sorted(grams)[:${KEPT}])
`;

// Trino: grams may hold spaces, so they are gathered in an array (seeded with the first), kept once by contains.
const TRINO = `BEGIN
  DECLARE padded VARCHAR DEFAULT concat('##', x, '##');
  DECLARE grams ARRAY(VARCHAR);
  DECLARE gram VARCHAR;
  DECLARE i BIGINT DEFAULT 2;
  IF q > length(concat('##', x, '##')) THEN
    RETURN '';
  END IF;
  SET grams = ARRAY[substr(padded, 1, q)];
  WHILE i + q - 1 <= length(padded) DO
    SET gram = substr(padded, i, q);
    IF NOT contains(grams, gram) THEN
      SET grams = grams || gram;
    END IF;
    SET i = i + 1;
  END WHILE;
  RETURN array_join(slice(array_sort(grams), 1, ${KEPT}), ' ');
END`;

/**
 * The `qgram[:q]` transform as a warehouse function: one function, q passed at each call.
 *
 * @example
 * QGRAM.parameters?.bind(['2']); // [2]
 */
export const QGRAM: WarehouseFunction = {
  kind: 'transform',
  name: 'qgram',
  javascript: { source: JAVASCRIPT, call: 'qgramSignature' },
  python: { source: PYTHON, call: 'qgram_signature' },
  trino: TRINO,
  parameters: {
    declared: [{ name: 'q', type: 'integer' }],
    bind: (args) => {
      const q = args.length === 0 ? DEFAULT_Q : parseIntegerArgument(args[0]);
      if (q === null || q < 1) throw new Error(`qgram: invalid arguments ${args.join(':')}`);
      return [q];
    },
  },
};
