/** A phonetic code as a pair of warehouse functions: the transform (the code) and its `_match` scorer (1 when both codes are non-empty and equal), from the code's function in each language. */
import type { WarehouseFunction } from './warehouse-function.js';

/** A phonetic code's function in the three languages. */
export interface PhoneticCode {
  /** The transform's name (`soundex`); the scorer is `<name>_match`. */
  name: string;
  /** JavaScript and Python sources defining the code function, and its name there. */
  javascript: { source: string; call: string };
  python: { source: string; call: string };
  /** Trino statements setting the VARCHAR `out` to the code of `src`, and the declarations they need. */
  trino: { statements(src: string, out: string): string; declarations: string };
}

/**
 * The transform and the `_match` scorer of a phonetic code (kindred's
 * `sameCode`: a value without a code matches nothing, itself included).
 *
 * @example
 * const { transform, match } = phoneticPair(code); match.name; // 'soundex_match'
 */
export function phoneticPair(code: PhoneticCode): { transform: WarehouseFunction; match: WarehouseFunction } {
  const js = code.javascript.call;
  const py = code.python.call;
  const routine = (params: string[], finish: string): string => `BEGIN
  DECLARE ${params.map((p) => `code_${p}`).join(', ')} VARCHAR;
  ${code.trino.declarations}
  ${params.map((p) => code.trino.statements(p, `code_${p}`)).join('\n  ')}
  ${finish}
END`;
  return {
    transform: {
      kind: 'transform',
      name: code.name,
      javascript: code.javascript,
      python: code.python,
      trino: routine(['x'], 'RETURN code_x;'),
    },
    match: {
      kind: 'scorer',
      name: `${code.name}_match`,
      javascript: {
        source: `${code.javascript.source}
function ${js}Match(a, b) {
  const x = ${js}(a);
  return x !== '' && x === ${js}(b) ? 1 : 0;
}`,
        call: `${js}Match`,
      },
      python: {
        source: `${code.python.source}
def ${py}_match(a, b):
    x = ${py}(a)
    return 1.0 if x != '' and x == ${py}(b) else 0.0
`,
        call: `${py}_match`,
      },
      trino: routine(['a', 'b'], "RETURN IF(code_a <> '' AND code_a = code_b, 1e0, 0e0);"),
    },
  };
}
