/** Tables of records: a cluster's members or search results, one column per field. */
import { h, type Child } from './dom.js';

/**
 * The fields of some records in first-seen order, without `skip` keys.
 *
 * @example
 * fieldsOf([{ row_id: 1, name: 'a' }, { zip: '1' }], ['row_id']); // ['name', 'zip']
 */
export function fieldsOf(records: readonly Record<string, unknown>[], skip: readonly string[] = []): string[] {
  const seen = new Set<string>();
  for (const r of records) for (const k of Object.keys(r)) if (!skip.includes(k)) seen.add(k);
  return [...seen];
}

/**
 * A record's value as text (missing values as an em dash).
 *
 * @example
 * cellText(null); // '—'
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A captioned table of records with leading columns (row id, score…).
 *
 * @example
 * recordTable('Members', members, { lead: [['Row', (r) => String(r.row_id)]], fields: fieldsOf(members, ['row_id']) });
 */
export function recordTable<R extends Record<string, unknown>>(
  caption: string,
  rows: readonly R[],
  options: { lead: [string, (row: R) => Child][]; fields: string[]; value?: (row: R, field: string) => unknown },
): HTMLElement {
  const value = options.value ?? ((row: R, field: string) => row[field]);
  return h(
    'div',
    { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': caption },
    h(
      'table',
      {},
      h('caption', {}, caption),
      h(
        'thead',
        {},
        h('tr', {}, options.lead.map(([name]) => h('th', { scope: 'col' }, name)), options.fields.map((f) => h('th', { scope: 'col' }, f))),
      ),
      h(
        'tbody',
        {},
        rows.map((row) =>
          h('tr', {}, options.lead.map(([, cell]) => h('td', {}, cell(row))), options.fields.map((f) => h('td', {}, cellText(value(row, f))))),
        ),
      ),
    ),
  );
}
