/** Clusters: a paged list filtered by size and sorted by size or weakest confidence, and one cluster's members and pair scores with shatter and unmerge. */
import type { ClusterResponse, ClusterSort } from '../../client/index.js';
import { formatScore, h, mount } from '../dom.js';
import { describeError } from '../session.js';
import { fieldsOf, recordTable } from '../record-table.js';
import { confirmAction } from '../confirm-dialog.js';
import { scoreMatrix } from '../charts/score-matrix.js';
import type { View, ViewContext } from './view.js';

const PAGE = 20;

/**
 * Mounts the list (`#/clusters?min_size=2&sort=confidence&offset=0`) or one cluster (`#/clusters/12`).
 *
 * @example
 * clustersView(ctx).dispose();
 */
export function clustersView(ctx: ViewContext): View {
  const id = ctx.path[1];
  if (id !== undefined) void showCluster(ctx, Number(id));
  else void showList(ctx);
  return { dispose: () => undefined };
}

function listHash(minSize: number, sort: ClusterSort, offset: number): string {
  return `#/clusters?${new URLSearchParams({ min_size: String(minSize), sort, offset: String(offset) }).toString()}`;
}

async function showList(ctx: ViewContext): Promise<void> {
  const minSize = Math.max(1, Number(ctx.params.get('min_size') ?? 2) || 2);
  const sort: ClusterSort = ctx.params.get('sort') === 'size' ? 'size' : 'confidence';
  const offset = Math.max(0, Number(ctx.params.get('offset') ?? 0) || 0);
  const minInput = h('input', { id: 'min-size', type: 'number', min: 1, value: minSize, inputmode: 'numeric' });
  const sortSelect = h(
    'select',
    { id: 'sort' },
    h('option', { value: 'confidence', selected: sort === 'confidence' }, 'weakest confidence first'),
    h('option', { value: 'size', selected: sort === 'size' }, 'largest first'),
  );
  const form = h(
    'form',
    {
      class: 'filters',
      onsubmit: (e: Event) => {
        e.preventDefault();
        ctx.navigate(listHash(Math.max(1, Number(minInput.value) || 1), sortSelect.value === 'size' ? 'size' : 'confidence', 0));
      },
    },
    h('label', { for: 'min-size' }, 'Minimum size'),
    minInput,
    h('label', { for: 'sort' }, 'Order'),
    sortSelect,
    h('button', { type: 'submit' }, 'Show'),
  );
  const body = h('div', {}, h('p', {}, 'Loading clusters…'));
  mount(ctx.root, h('h2', {}, 'Clusters'), form, body);
  try {
    const page = await ctx.session.call((api) => api.clusters({ minSize, sort, limit: PAGE, offset }));
    const last = Math.min(page.total, offset + page.clusters.length);
    mount(
      body,
      h('p', { id: 'clusters-range' }, page.total === 0 ? 'No cluster has that many records.' : `Clusters ${offset + 1}–${last} of ${page.total}`),
      page.clusters.length === 0
        ? null
        : h(
            'table',
            { class: 'clusters' },
            h('caption', { class: 'visually-hidden' }, 'Clusters'),
            h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Cluster'), h('th', { scope: 'col' }, 'Size'), h('th', { scope: 'col' }, 'Confidence'))),
            h(
              'tbody',
              {},
              page.clusters.map((c) =>
                h(
                  'tr',
                  {},
                  h('td', {}, h('a', { href: `#/clusters/${c.cluster_id}` }, `Cluster ${c.cluster_id}`)),
                  h('td', { class: 'num' }, c.size),
                  h('td', {}, h('meter', { min: 0, max: 1, low: 0.6, high: 0.85, optimum: 1, value: c.confidence, 'aria-label': `confidence of cluster ${c.cluster_id}` }), ' ', formatScore(c.confidence)),
                ),
              ),
            ),
          ),
      h(
        'nav',
        { class: 'pager', 'aria-label': 'Pages of clusters' },
        offset > 0 ? h('a', { href: listHash(minSize, sort, Math.max(0, offset - PAGE)) }, '← Previous') : null,
        last < page.total ? h('a', { href: listHash(minSize, sort, offset + PAGE) }, 'Next →') : null,
      ),
    );
  } catch (e) {
    mount(body, h('p', { class: 'error' }, `Could not list clusters: ${describeError(e)}`));
  }
}

async function showCluster(ctx: ViewContext, id: number): Promise<void> {
  mount(ctx.root, h('p', {}, `Loading cluster ${id}…`));
  let cluster: ClusterResponse;
  try {
    cluster = await ctx.session.call((api) => api.cluster(id));
  } catch (e) {
    mount(ctx.root, h('h2', {}, `Cluster ${id}`), h('p', { class: 'error' }, describeError(e)), h('p', {}, h('a', { href: '#/clusters' }, 'Back to the clusters')));
    return;
  }
  const members = cluster.members.map((m) => ('record' in m && typeof m.record === 'object' && m.record !== null ? { row_id: m.row_id, ...(m.record as Record<string, unknown>) } : m));
  const shatter = async (): Promise<void> => {
    if (!(await confirmAction(`Shatter cluster ${id}?`, `All ${cluster.size} records become singletons, and stay so across restarts.`, 'Shatter'))) return;
    try {
      const r = await ctx.session.call((api) => api.shatter(id));
      ctx.notify(`Cluster ${id} shattered: ${r.records_freed} records are now singletons`);
      ctx.navigate('#/clusters');
    } catch (e) {
      ctx.notify(`Shatter failed: ${describeError(e)}`, 'error');
    }
  };
  const unmerge = async (row: number): Promise<void> => {
    if (!(await confirmAction(`Unmerge record ${row}?`, `Record ${row} leaves cluster ${id} and becomes a singleton; the other members are re-clustered from their scores.`, 'Unmerge'))) return;
    try {
      const r = await ctx.session.call((api) => api.unmerge(row));
      const remaining = r.remaining_cluster_ids ?? [];
      const next = remaining.find((c) => c !== row);
      ctx.notify(`Record ${row} unmerged${remaining.length > 0 ? `; the rest is now in cluster${remaining.length > 1 ? 's' : ''} ${remaining.join(', ')}` : ''}`);
      // The remaining members' cluster (its id changes when the smallest row left), or the list when none is left.
      if (next !== undefined && next === id) void showCluster(ctx, id);
      else ctx.navigate(next !== undefined ? `#/clusters/${next}` : '#/clusters');
    } catch (e) {
      ctx.notify(`Unmerge failed: ${describeError(e)}`, 'error');
    }
  };
  mount(
    ctx.root,
    h('p', {}, h('a', { href: '#/clusters' }, '← All clusters')),
    h('h2', { id: 'cluster-title' }, `Cluster ${cluster.cluster_id}`),
    h(
      'p',
      { class: 'facts' },
      `${cluster.size} record${cluster.size === 1 ? '' : 's'} · confidence ${formatScore(cluster.confidence)}`,
      cluster.bottleneck_pair === null ? '' : ` · bottleneck ${cluster.bottleneck_pair[0]}–${cluster.bottleneck_pair[1]} (${formatScore(cluster.pair_scores[`${cluster.bottleneck_pair[0]}-${cluster.bottleneck_pair[1]}`])})`,
    ),
    cluster.size > 1 ? h('p', {}, h('button', { type: 'button', class: 'danger', onclick: () => void shatter() }, 'Shatter cluster…')) : null,
    recordTable('Members', members, {
      // The action sits beside the row id: a wide record must not push it out of view.
      lead: [
        ['Row', (m) => String(m.row_id)],
        ['Action', (m) => (cluster.size > 1 ? h('button', { type: 'button', 'aria-label': `Unmerge record ${m.row_id}`, onclick: () => void unmerge(m.row_id) }, 'Unmerge…') : '—')],
      ],
      fields: fieldsOf(members, ['row_id']),
    }),
    cluster.size > 1 ? h('h3', {}, 'Pair scores') : null,
    cluster.size > 1 ? scoreMatrix(members.map((m) => m.row_id), cluster.pair_scores, cluster.bottleneck_pair) : null,
  );
}
