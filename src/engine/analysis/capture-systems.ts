/** The capture systems of a configuration for the recall certificate: one per distinct compared column, each a single-field matcher. */
import type { Config } from '../../config/types.js';

/**
 * One capture system: a single compared column with the scorer the
 * configuration uses for it; it "finds" a pair when both values are present
 * and their similarity is at least the agreement level.
 *
 * @example
 * const s: CaptureSystem = { column: 'surname', key: 'surname|lowercase', scorer: 'jaro_winkler' };
 */
export interface CaptureSystem {
  column: string;
  /** Prepared field key (column plus transforms) the scorer reads. */
  key: string;
  scorer: string;
}

/**
 * The systems of a configuration: the first field of each distinct column over
 * every matchkey, in configuration order (exact matchkey fields use `exact`).
 * Columns rather than matchkeys are the systems because a typical
 * configuration has one or two matchkeys but several compared columns, and
 * separate columns err more independently than matchkeys sharing columns.
 *
 * @example
 * captureSystems(config).map((s) => s.column); // ['given_name', 'surname', 'postcode']
 */
export function captureSystems(config: Config, fieldKeyOf: (field: string, transforms: readonly string[]) => string): CaptureSystem[] {
  const seen = new Set<string>();
  const out: CaptureSystem[] = [];
  for (const mk of config.matchkeys) {
    for (const f of mk.fields) {
      if (seen.has(f.field)) continue;
      seen.add(f.field);
      const scorer = 'scorer' in f && typeof f.scorer === 'string' ? f.scorer : 'exact';
      out.push({ column: f.field, key: fieldKeyOf(f.field, f.transforms), scorer });
    }
  }
  return out;
}
