/** Writes a run's row → cluster assignment as CSV or JSON, streaming in chunks so 1M rows never build one giant string. */
import type { Writable } from 'node:stream';
import type { ColumnStore } from '../data/column-store.js';

/** Quotes a CSV cell when it needs it (RFC 4180). */
export function csvCell(v: string | null): string {
  if (v === null) return '';
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/**
 * Streams `row_id,cluster_id` (plus the record's columns with
 * `withRecords`) for every row.
 *
 * @example
 * await writeClusters(process.stdout, store, clusterOf, { format: 'csv', withRecords: false });
 */
export async function writeClusters(
  out: Writable,
  store: ColumnStore,
  clusterOf: Int32Array,
  opts: { format: 'csv' | 'json'; withRecords: boolean },
): Promise<void> {
  // Each wait for 'drain' removes its 'error' listener again: left attached, one per full buffer, they piled up past Node's limit of 10.
  const write = (s: string): Promise<void> =>
    new Promise((resolve, reject) => {
      if (out.write(s)) return resolve();
      const drained = (): void => {
        out.off('error', failed);
        resolve();
      };
      const failed = (e: Error): void => {
        out.off('drain', drained);
        reject(e);
      };
      out.once('drain', drained).once('error', failed);
    });
  const n = store.rowCount;
  const chunk = 20_000;
  if (opts.format === 'csv') {
    const header = ['row_id', 'cluster_id', ...(opts.withRecords ? store.names : [])];
    await write(header.map(csvCell).join(',') + '\n');
    for (let start = 0; start < n; start += chunk) {
      let s = '';
      for (let r = start; r < Math.min(n, start + chunk); r++) {
        s += `${r},${clusterOf[r]}`;
        if (opts.withRecords) for (let c = 0; c < store.names.length; c++) s += ',' + csvCell(store.get(c, r));
        s += '\n';
      }
      await write(s);
    }
    return;
  }
  await write('[');
  for (let start = 0; start < n; start += chunk) {
    const parts: string[] = [];
    for (let r = start; r < Math.min(n, start + chunk); r++) {
      const o: Record<string, unknown> = { row_id: r, cluster_id: clusterOf[r] };
      if (opts.withRecords) o.record = store.record(r);
      parts.push(JSON.stringify(o));
    }
    await write((start > 0 ? ',\n' : '\n') + parts.join(',\n'));
  }
  await write('\n]\n');
}
