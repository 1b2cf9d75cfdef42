/** Argument checks shared by parameterised transforms and scorers (`name:a:b`). */

/**
 * A `checkArgs` for definitions that take no arguments.
 *
 * @example
 * noArguments('lowercase')(['x']); // 'lowercase takes no arguments, got "lowercase:x"'
 * noArguments('lowercase')([]);    // null
 */
export function noArguments(name: string): (args: string[]) => string | null {
  return (args) => (args.length === 0 ? null : `${name} takes no arguments, got "${[name, ...args].join(':')}"`);
}

/**
 * Parses a base-10 integer argument (optional minus sign, digits only), or null.
 *
 * @example
 * parseIntegerArgument('-3'); // -3
 * parseIntegerArgument('1.5'); // null
 */
export function parseIntegerArgument(text: string): number | null {
  if (!/^-?\d{1,9}$/.test(text)) return null;
  return Number(text);
}

/**
 * Parses a finite decimal number argument (`5`, `0.1`, `1e3`), or null.
 *
 * @example
 * parseNumberArgument('0.25'); // 0.25
 * parseNumberArgument('abc');  // null
 */
export function parseNumberArgument(text: string): number | null {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}
