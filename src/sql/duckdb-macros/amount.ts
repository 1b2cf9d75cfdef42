/** The `amount` transform as a DuckDB macro: src/engine/transforms/amount.ts (JavaScript's trim, a currency sign at either end, thousands commas). */
import { JS_SPACE } from './character-classes.js';
import type { DuckdbMacro } from './macro.js';

const CURRENCY = '[$€£¥]';

/**
 * The `amount` transform. kindred's thousands pattern, `(\d),(?=\d{3}(?:\D|$))`,
 * has a lookahead RE2 lacks; it removes exactly the commas with an ASCII
 * digit before and three then a non-digit or the end after (a match
 * consumes only the digit and the comma, and the digit before a removable
 * comma is never another match's), so each comma is tested on its own.
 *
 * @example
 * // kindred_amount('$1,299.00') = '1299.00'
 */
export const AMOUNT_MACRO: DuckdbMacro = {
  body: () => {
    const trimmed = `regexp_replace(x, '^${JS_SPACE}+|${JS_SPACE}+$', '', 'g')`;
    const bare = `regexp_replace(${trimmed}, '^${CURRENCY}${JS_SPACE}*|${JS_SPACE}*${CURRENCY}$', '', 'g')`;
    const thousands = `ch = ',' AND i > 1 AND regexp_matches(substr(s, i - 1, 1), '^[0-9]$') AND regexp_matches(substr(s, i + 1, 4), '^[0-9]{3}([^0-9]|$)')`;
    return `list_transform([${bare}], lambda s: array_to_string(list_transform(string_split(s, ''), lambda ch, i: CASE WHEN ${thousands} THEN '' ELSE ch END), ''))[1]`;
  },
};
