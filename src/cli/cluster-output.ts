/** The cluster output of `dedupe` and `apply`: its options (--out, --format, --with-records), checked before the run, and the write to a file or stdout. */
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import { KindredError } from '../errors/registry.js';
import { checkOutputFile, openOutputFile } from './output-file.js';
import { writeClusters, type ClusterRows } from './write-clusters.js';

/**
 * The output options, for `parseCommandArgs`.
 *
 * @example
 * parseCommandArgs('dedupe', argv, { ...INPUT_OPTIONS, ...CLUSTER_OUTPUT_OPTIONS });
 */
export const CLUSTER_OUTPUT_OPTIONS = {
  out: { type: 'string' },
  format: { type: 'string' },
  'with-records': { type: 'boolean' },
} as const;

/**
 * Where and how to write, checked before any work (a bad --format or an unwritable --out is a usage error).
 *
 * @example
 * const output = clusterOutput('dedupe', values); // { format: 'csv', out: undefined, withRecords: false }
 */
export interface ClusterOutput {
  format: 'csv' | 'json';
  out: string | undefined;
  withRecords: boolean;
}

/** Reads and checks the output options of a command. */
export function clusterOutput(command: string, values: Record<string, unknown>): ClusterOutput {
  const format = (values.format as string | undefined) ?? 'csv';
  if (format !== 'csv' && format !== 'json') throw new KindredError('usage', `kindred ${command}: --format must be csv or json, got "${format}"`);
  const out = values.out as string | undefined;
  if (out !== undefined) checkOutputFile(command, '--out', out);
  return { format, out, withRecords: values['with-records'] === true };
}

/**
 * Writes every row's cluster to --out or stdout, with the records' columns
 * from `rows` under --with-records (null when the command never holds the
 * rows in memory, and then refuses --with-records); a failed write is a
 * `run_failed` error naming the target.
 *
 * @example
 * await writeClusterOutput('dedupe', output, run.store, run.clusterOf);
 */
export async function writeClusterOutput(command: string, output: ClusterOutput, rows: ClusterRows | null, clusterOf: ArrayLike<number>): Promise<void> {
  const { out } = output;
  const outFd = out !== undefined ? openOutputFile(command, '--out', out) : null;
  const stream = outFd !== null ? fs.createWriteStream('', { fd: outFd }) : process.stdout;
  try {
    await writeClusters(stream, clusterOf, { format: output.format, records: output.withRecords ? rows : null });
    if (outFd !== null) {
      // finished() rejects on a write error that surfaces only while the last bytes are flushed.
      stream.end();
      await finished(stream);
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e));
    throw new KindredError('run_failed', `kindred ${command}: writing ${out ?? 'stdout'} failed (${code})`);
  }
}
