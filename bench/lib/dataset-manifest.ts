/** The shared quality datasets: reads ../shared/data/manifest.json and tells which datasets are present on disk. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Fields every manifest entry has. */
interface DatasetBase {
  name: string;
  title: string;
  licence: string;
  /** Columns that leak the truth; always dropped before matching. */
  exclude_columns: string[];
  true_pairs: number;
  clusters: number;
}

/** One table; truth.csv holds `row_id_a,row_id_b`. */
export interface DedupeDataset extends DatasetBase {
  kind: 'dedupe';
  rows: number;
  columns: string[];
  records: string;
}

/** Two tables; truth.csv holds `left_id,right_id` by each table's id column. */
export interface LinkDataset extends DatasetBase {
  kind: 'link';
  left: string;
  right: string;
  left_rows: number;
  right_rows: number;
  left_id: string;
  right_id: string;
  left_columns: string[];
  right_columns: string[];
}

export type Dataset = DedupeDataset | LinkDataset;

/**
 * The datasets listed in `<shared>/data/manifest.json`, or null when the
 * manifest is absent.
 *
 * @example
 * const datasets = readManifest('../shared') ?? [];
 */
export function readManifest(shared: string): Dataset[] | null {
  const path = join(shared, 'data', 'manifest.json');
  if (!existsSync(path)) return null;
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const list = typeof parsed === 'object' && parsed !== null ? (parsed as { datasets?: unknown }).datasets : undefined;
  if (!Array.isArray(list)) throw new Error(`${path}: expected {"datasets": [...]}`);
  return list as Dataset[];
}

/**
 * The files a dataset needs, and which of them are missing.
 *
 * @example
 * missingFiles('../shared', dataset); // [] when everything is there
 */
export function missingFiles(shared: string, d: Dataset): string[] {
  const dir = join(shared, 'data', d.name);
  const needed = d.kind === 'dedupe' ? [d.records, 'truth.csv'] : [d.left, d.right, 'truth.csv'];
  return needed.map((f) => join(dir, f)).filter((p) => !existsSync(p));
}
