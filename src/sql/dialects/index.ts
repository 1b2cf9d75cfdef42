/** The dialect registry: a name to its {@link Dialect}. */
import type { Dialect, DialectName } from '../dialect.js';
import { bigquery } from './bigquery.js';
import { duckdb } from './duckdb.js';
import { spark } from './spark.js';
import { trino } from './trino.js';

const BY_NAME: Record<DialectName, Dialect> = { duckdb, spark, trino, bigquery };

/**
 * The dialect called `name`.
 *
 * @example
 * dialectNamed('spark').ident('given name'); // '`given name`'
 */
export function dialectNamed(name: DialectName): Dialect {
  return BY_NAME[name];
}
