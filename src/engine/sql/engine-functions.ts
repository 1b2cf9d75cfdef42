/** kindred's own transforms and scorers as DuckDB scalar functions: what the compiled SQL calls where no SQL form is exact (non-ASCII text, soundex, token_sort...). */
import { DOUBLE, DuckDBScalarFunction, VARCHAR, type DuckDBConnection } from '@duckdb/node-api';
import { SCORE_FUNCTION, TRANSFORM_FUNCTION } from '../../sql/render.js';
import { createScorer } from '../scorers/registry.js';
import type { BoundScorer } from '../scorers/types.js';
import { getTransform } from '../transforms/registry.js';
import type { Transform } from '../transforms/types.js';

/**
 * Registers `kindred_transform(spec, value)` (one transform step, the
 * function kindred's engine applies) and `kindred_score(spec, a, b)` (the
 * scorer's `values`) on a connection. Both read their spec per row and keep
 * the compiled function per spec, so one pair of functions serves every
 * field. Inputs are never null where the compiled SQL calls them; null in,
 * null out all the same.
 *
 * @example
 * registerEngineFunctions(connection);
 * await connection.run("SELECT kindred_score('token_sort', 'b a', 'a b')"); // 1
 */
export function registerEngineFunctions(connection: DuckDBConnection): void {
  const transforms = new Map<string, Transform>();
  const scorers = new Map<string, BoundScorer>();
  connection.registerScalarFunction(
    DuckDBScalarFunction.create({
      name: TRANSFORM_FUNCTION,
      returnType: VARCHAR,
      parameterTypes: [VARCHAR, VARCHAR],
      mainFunction: (_info, input, output) => {
        const specs = input.getColumnVector(0);
        const values = input.getColumnVector(1);
        for (let i = 0; i < input.rowCount; i++) {
          const spec = specs.getItem(i) as string | null;
          const v = values.getItem(i) as string | null;
          if (spec === null || v === null) {
            output.setItem(i, null);
            continue;
          }
          let t = transforms.get(spec);
          if (t === undefined) transforms.set(spec, (t = getTransform(spec)));
          output.setItem(i, t(v));
        }
        output.flush();
      },
    }),
  );
  connection.registerScalarFunction(
    DuckDBScalarFunction.create({
      name: SCORE_FUNCTION,
      returnType: DOUBLE,
      parameterTypes: [VARCHAR, VARCHAR, VARCHAR],
      mainFunction: (_info, input, output) => {
        const specs = input.getColumnVector(0);
        const as = input.getColumnVector(1);
        const bs = input.getColumnVector(2);
        for (let i = 0; i < input.rowCount; i++) {
          const spec = specs.getItem(i) as string | null;
          const a = as.getItem(i) as string | null;
          const b = bs.getItem(i) as string | null;
          if (spec === null || a === null || b === null) {
            output.setItem(i, null);
            continue;
          }
          let s = scorers.get(spec);
          if (s === undefined) scorers.set(spec, (s = createScorer(spec, null)));
          output.setItem(i, s.values(a, b));
        }
        output.flush();
      },
    }),
  );
}
