/** Writes a run's row → cluster assignment as CSV or JSON, streaming in chunks so 1M rows never build one giant string. */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { idLineChunks, type IdLineShape } from './id-lines.js';

// Without the records' columns every line is two numbers: encoded as bytes, not built as strings.
const CSV_LINES: IdLineShape = { before: '', between: ',', after: '\n', separator: '' };
const JSON_LINES: IdLineShape = { before: '{"row_id":', between: ',"cluster_id":', after: '}', separator: ',\n' };

/**
 * The rows to write: a loaded `ColumnStore`, or a living table after changes.
 *
 * @example
 * const rows: ClusterRows = run.store;
 */
export interface ClusterRows {
  readonly names: readonly string[];
  get(column: number, row: number): string | null;
  record(row: number): Record<string, string | null>;
}

/** Quotes a CSV cell when it needs it (RFC 4180). */
export function csvCell(v: string | null): string {
  if (v === null) return '';
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/**
 * Streams `row_id,cluster_id` (plus the record's columns, when `records`
 * holds the rows) for every row of `clusterOf`.
 *
 * @example
 * await writeClusters(process.stdout, clusterOf, { format: 'csv', records: null });
 */
export async function writeClusters(
  out: Writable,
  clusterOf: ArrayLike<number>,
  opts: { format: 'csv' | 'json'; records: ClusterRows | null },
): Promise<void> {
  // One 'error' listener for the whole write (a write error, such as ENOSPC, arrives after the write call returned);
  // a wait for 'drain' ends on it too. The caller watches the stream's end (stream.finished) after this returns.
  let failure: Error | null = null;
  const failed = (e: Error): void => {
    failure ??= e;
  };
  out.on('error', failed);
  const write = async (s: string | Uint8Array): Promise<void> => {
    if (failure) throw failure;
    // events.once rejects if 'error' comes first, and removes both of its listeners either way.
    if (!out.write(s)) await once(out, 'drain');
  };
  try {
    await writeAll(write, clusterOf, opts);
  } finally {
    out.off('error', failed);
  }
}

async function writeAll(
  write: (s: string | Uint8Array) => Promise<void>,
  clusterOf: ArrayLike<number>,
  opts: { format: 'csv' | 'json'; records: ClusterRows | null },
): Promise<void> {
  const n = clusterOf.length;
  const store = opts.records;
  const chunk = 20_000;
  if (opts.format === 'csv') {
    const header = ['row_id', 'cluster_id', ...(store !== null ? store.names : [])];
    await write(header.map(csvCell).join(',') + '\n');
    if (store === null) {
      for (const chunk of idLineChunks(clusterOf, CSV_LINES)) await write(chunk);
      return;
    }
    for (let start = 0; start < n; start += chunk) {
      let s = '';
      for (let r = start; r < Math.min(n, start + chunk); r++) {
        // A deleted row (cluster −1, after `kindred apply`) is not written: its id is gone.
        if (clusterOf[r] < 0) continue;
        s += `${r},${clusterOf[r]}`;
        for (let c = 0; c < store.names.length; c++) s += ',' + csvCell(store.get(c, r));
        s += '\n';
      }
      await write(s);
    }
    return;
  }
  await write('[');
  if (store === null) {
    await write('\n');
    let any = false;
    for (const chunk of idLineChunks(clusterOf, JSON_LINES)) {
      any = true;
      await write(chunk);
    }
    await write(any ? '\n]\n' : ']\n');
    return;
  }
  let first = true;
  for (let start = 0; start < n; start += chunk) {
    const parts: string[] = [];
    for (let r = start; r < Math.min(n, start + chunk); r++) {
      if (clusterOf[r] < 0) continue;
      parts.push(JSON.stringify({ row_id: r, cluster_id: clusterOf[r], record: store.record(r) }));
    }
    if (parts.length === 0) continue;
    await write((first ? '\n' : ',\n') + parts.join(',\n'));
    first = false;
  }
  await write('\n]\n');
}
