/** Search: a record typed field by field (or as free text) against `/match` (scored matches) and `/retrieve` (n-gram neighbours). */
import type { InputRecord, MatchResponse, RetrieveResponse } from '../../client/index.js';
import { formatScore, h, mount } from '../dom.js';
import { describeError } from '../session.js';
import { fieldsOf, recordTable } from '../record-table.js';
import type { View, ViewContext } from './view.js';

/**
 * Mounts the search form; the columns come from `/stats`.
 *
 * @example
 * searchView(ctx).dispose();
 */
export function searchView(ctx: ViewContext): View {
  const results = h('div', { class: 'results', 'aria-live': 'polite' });
  const form = h('form', { class: 'search', role: 'search' }, h('p', {}, 'Loading the columns…'));
  mount(ctx.root, h('h2', {}, 'Search'), h('p', {}, 'Fill in a few fields to see the records kindred would match them with (/match), and type free text to see the nearest records by spelling (/retrieve).'), form, results);
  ctx.session
    .call((api) => api.stats())
    .then((stats) => {
      const columns = Array.isArray(stats.columns) ? stats.columns.filter((c): c is string => typeof c === 'string') : [];
      const free = h('input', { id: 'free-text', type: 'search', name: 'query', autocomplete: 'off' });
      const inputs = columns.map((c, i) => ({ column: c, input: h('input', { id: `field-${i}`, type: 'text', name: c, autocomplete: 'off' }) }));
      mount(
        form,
        h('div', { class: 'free' }, h('label', { for: 'free-text' }, 'Free text'), free),
        h('fieldset', {}, h('legend', {}, 'Fields'), h('div', { class: 'field-grid' }, inputs.map(({ column, input }) => h('div', {}, h('label', { for: input.id }, column), input)))),
        h('button', { type: 'submit' }, 'Search'),
      );
      form.onsubmit = (e) => {
        e.preventDefault();
        const record: InputRecord = {};
        for (const { column, input } of inputs) if (input.value.trim() !== '') record[column] = input.value.trim();
        const query = free.value.trim() !== '' ? free.value.trim() : Object.values(record).join(' ');
        void run(ctx, results, record, query);
      };
    })
    .catch((e: unknown) => mount(form, h('p', { class: 'error' }, `Could not load the columns: ${describeError(e)}`)));
  return { dispose: () => undefined };
}

async function run(ctx: ViewContext, out: HTMLElement, record: InputRecord, query: string): Promise<void> {
  if (query === '') {
    mount(out, h('p', {}, 'Type some text or fill in a field first.'));
    return;
  }
  mount(out, h('p', {}, 'Searching…'));
  const hasFields = Object.keys(record).length > 0;
  const [matched, near] = await Promise.allSettled([
    hasFields ? ctx.session.call((api) => api.match(record, { topK: 10 })) : Promise.resolve(null),
    ctx.session.call((api) => api.retrieve(query, { k: 10 })),
  ]);
  mount(out, h('section', { 'aria-labelledby': 'match-title' }, h('h3', { id: 'match-title' }, 'Matches (/match)'), matchPart(matched)), h('section', { 'aria-labelledby': 'near-title' }, h('h3', { id: 'near-title' }, `Nearest records to “${query}” (/retrieve)`), nearPart(near)));
}

function matchPart(r: PromiseSettledResult<MatchResponse | null>): HTMLElement {
  if (r.status === 'rejected') return h('p', { class: 'error' }, describeError(r.reason));
  if (r.value === null) return h('p', {}, 'Fill in fields to match a record.');
  const rows = r.value.matches;
  if (rows.length === 0) return h('p', {}, 'No record matches.');
  return recordTable('Matches', rows, { lead: [['Row', (m) => String(m.row_id)], ['Score', (m) => formatScore(m.score)]], fields: fieldsOf(rows, ['row_id', 'score']) });
}

function nearPart(r: PromiseSettledResult<RetrieveResponse>): HTMLElement {
  if (r.status === 'rejected') return h('p', { class: 'error' }, describeError(r.reason));
  const rows = r.value.results;
  if (rows.length === 0) return h('p', {}, 'No record shares any three-letter piece with the text.');
  return recordTable('Nearest records', rows, {
    lead: [['Row', (m) => String(m.row_id)], ['Similarity', (m) => formatScore(m.score)]],
    fields: fieldsOf(rows.map((m) => m.record)),
    value: (m, f) => m.record[f],
  });
}
