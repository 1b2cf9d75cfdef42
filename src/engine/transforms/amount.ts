/** `amount`: a money or quantity value as a plain decimal number, for numeric comparison. */
import { noArguments } from './arguments.js';
import type { TransformDefinition } from './types.js';

// A currency sign before or after, and thousands separators, are how shops print a number, not the number.
const CURRENCY = /^[$€£¥]\s*|\s*[$€£¥]$/gu;
const THOUSANDS = /(\d),(?=\d{3}(?:\D|$))/g;

/**
 * The value without a leading or trailing currency sign (`$ € £ ¥`) and
 * without commas between thousands, so `numeric_diff` reads it as a number;
 * anything else is left as it is.
 *
 * @example
 * amount('$1,299.00'); // '1299.00'
 * amount('12,5 kg');   // '12,5 kg' (a decimal comma is not a thousands separator)
 */
export function amount(value: string): string {
  return value.trim().replace(CURRENCY, '').replace(THOUSANDS, '$1');
}

/**
 * The `amount` transform.
 *
 * @example
 * compileTransforms(['amount'])('€ 2,500'); // '2500'
 */
export const amountTransform: TransformDefinition = {
  name: 'amount',
  description: 'drop a leading or trailing currency sign ($ € £ ¥) and thousands commas: $1,299.00 → 1299.00',
  checkArgs: noArguments('amount'),
  create: () => amount,
};
