/** Overview: the `/stats` figures, the pair-score histogram with thresholds and review bands, the cluster-size distribution, and the latest autoconfig telemetry. */
import type { ClusterSizesResponse, ScoreHistogramResponse, StatsResponse, Telemetry } from '../../client/index.js';
import { formatScore, h, mount, type Child } from '../dom.js';
import { describeError } from '../session.js';
import { barChart } from '../charts/bar-chart.js';
import type { View, ViewContext } from './view.js';

/** The `/stats` keys shown, with their labels, in this order. */
const FIGURES: [keyof StatsResponse & string, string][] = [
  ['total_records', 'Records'],
  ['total_clusters', 'Clusters (2+ records)'],
  ['singleton_count', 'Singletons'],
  ['match_rate', 'Match rate'],
  ['avg_cluster_size', 'Average cluster size'],
  ['max_cluster_size', 'Largest cluster'],
  ['pairs_scored', 'Candidate pairs scored'],
  ['review_band_pairs', 'Pairs in the review band'],
  ['run_ms', 'Run time (ms)'],
];

/**
 * Mounts the overview; each part loads on its own, so a slow one never holds up the others.
 *
 * @example
 * overviewView(ctx).dispose();
 */
export function overviewView(ctx: ViewContext): View {
  const figures = h('section', { 'aria-labelledby': 'figures-title' }, h('h3', { id: 'figures-title' }, 'Figures'), h('p', {}, 'Loading…'));
  const scores = h('section', { 'aria-labelledby': 'scores-title' }, h('h3', { id: 'scores-title' }, 'Pair scores'), h('p', {}, 'Loading…'));
  const sizes = h('section', { 'aria-labelledby': 'sizes-title' }, h('h3', { id: 'sizes-title' }, 'Cluster sizes'), h('p', {}, 'Loading…'));
  const telemetry = h('section', { 'aria-labelledby': 'telemetry-title' }, h('h3', { id: 'telemetry-title' }, 'Auto-configuration'), h('p', {}, 'Loading…'));
  mount(ctx.root, h('h2', {}, 'Overview'), h('div', { class: 'overview' }, figures, scores, sizes), telemetry);
  const part = <T>(el: HTMLElement, load: Promise<T>, draw: (value: T) => Child | Child[]): void => {
    const title = el.firstElementChild;
    load.then(
      (v) => mount(el, title, draw(v)),
      (e: unknown) => mount(el, title, h('p', { class: 'error' }, describeError(e))),
    );
  };
  part(figures, ctx.session.call((api) => api.stats()), drawFigures);
  part(scores, ctx.session.call((api) => api.scoreHistogram()), drawScores);
  part(sizes, ctx.session.call((api) => api.clusterSizes()), drawSizes);
  part(telemetry, ctx.session.call((api) => api.telemetry({ run: 'latest' })), drawTelemetry);
  return { dispose: () => undefined };
}

function drawFigures(stats: StatsResponse): HTMLElement {
  return h(
    'dl',
    { class: 'figures' },
    FIGURES.filter(([key]) => typeof stats[key] === 'number').map(([key, label]) => {
      const v = stats[key] as number;
      return h('div', {}, h('dt', {}, label), h('dd', {}, Number.isInteger(v) ? v.toLocaleString('en') : formatScore(v)));
    }),
  );
}

function drawScores(hist: ScoreHistogramResponse): Child[] {
  const w = hist.bin_width;
  const bars = hist.counts.map((count, i) => ({ x0: i * w, x1: (i + 1) * w, value: count, label: `${(i * w).toFixed(2)}–${((i + 1) * w).toFixed(2)}: ${count} pairs` }));
  const keys = hist.matchkeys.filter((m) => m.pairs > 0 || hist.matchkeys.length === 1);
  const first = hist.counts.findIndex((c) => c > 0);
  const from = first < 0 ? 0 : Math.floor(Math.min(first * w, ...keys.map((m) => m.review_lo)) * 10) / 10;
  return [
    h(
      'figure',
      {},
      barChart({
        title: 'Histogram of kept pair scores',
        summary: `${hist.pairs} pairs; ${keys.map((m) => `${m.name}: threshold ${m.threshold}, review band ${m.review_lo} to ${m.review_hi}`).join('; ')}`,
        bars: bars.filter((b) => b.x1 > from + 1e-9),
        domain: [from, 1],
        marks: keys.map((m) => ({ x: m.threshold, label: `${keys.length > 1 ? `${m.name} ` : ''}threshold ${m.threshold}` })),
        bands: keys.map((m) => ({ x0: m.review_lo, x1: m.review_hi, label: `review band of ${m.name}: ${m.review_lo}–${m.review_hi}` })),
        ticks: Array.from({ length: Math.round((1 - from) * 10) + 1 }, (_, i) => Math.round((from + i / 10) * 10) / 10),
        tickLabel: (x) => x.toFixed(1),
      }),
      h('figcaption', {}, `${hist.pairs.toLocaleString('en')} kept pairs (matched or in the review band) by score; the shaded band is the review band, the line the match threshold. Pairs scored below the band are not kept.`),
    ),
  ];
}

function drawSizes(res: ClusterSizesResponse): Child[] {
  const multi = res.sizes.filter((s) => s.size > 1);
  const singletons = res.sizes.find((s) => s.size === 1)?.count ?? 0;
  if (multi.length === 0) return [h('p', {}, `No cluster has two or more records (${singletons} singletons).`)];
  const top = multi[multi.length - 1].size;
  const step = Math.max(1, Math.ceil((top - 1) / 10));
  return [
    h(
      'figure',
      {},
      barChart({
        title: 'Clusters by size',
        summary: multi.map((s) => `${s.count} of size ${s.size}`).join(', '),
        bars: multi.map((s) => ({ x0: s.size - 0.5, x1: s.size + 0.5, value: s.count, label: `size ${s.size}: ${s.count} clusters` })),
        domain: [1.5, top + 0.5],
        ticks: Array.from({ length: Math.floor((top - 2) / step) + 1 }, (_, i) => 2 + i * step),
      }),
      h('figcaption', {}, `Clusters of two or more records by size; ${singletons.toLocaleString('en')} records are singletons (not drawn).`),
    ),
  ];
}

function drawTelemetry(t: Telemetry): Child[] {
  if (!t.available) return [h('p', {}, 'No auto-configuration has run for this dataset (the server was started with a configuration file).')];
  const decisions = Array.isArray(t.decisions) ? (t.decisions as { iteration?: number; rule_name?: string; rationale?: string; config_diff?: Record<string, { from: unknown; to: unknown }> }[]) : [];
  return [
    h(
      'dl',
      { class: 'figures' },
      h('div', {}, h('dt', {}, 'Health'), h('dd', {}, h('span', { class: `health ${t.health ?? ''}` }, t.health ?? '—'))),
      h('div', {}, h('dt', {}, 'Stop reason'), h('dd', {}, t.stop_reason ?? '—')),
      h('div', {}, h('dt', {}, 'Run'), h('dd', {}, t.source ?? '—')),
      h('div', {}, h('dt', {}, 'Took'), h('dd', {}, t.elapsed_ms === undefined ? '—' : `${Math.round(t.elapsed_ms)} ms`)),
    ),
    decisions.length === 0
      ? h('p', {}, 'The controller applied no rule: the first configuration was healthy.')
      : h(
          'div',
          { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': 'Controller decisions' },
          h(
            'table',
            {},
            h('caption', {}, 'Decisions of the controller, in order'),
            h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Iteration'), h('th', { scope: 'col' }, 'Rule'), h('th', { scope: 'col' }, 'Why'), h('th', { scope: 'col' }, 'Change'))),
            h(
              'tbody',
              {},
              decisions.map((d) =>
                h(
                  'tr',
                  {},
                  h('td', { class: 'num' }, d.iteration ?? ''),
                  h('td', {}, d.rule_name ?? ''),
                  h('td', {}, d.rationale ?? ''),
                  h('td', {}, h('ul', { class: 'diff' }, Object.entries(d.config_diff ?? {}).map(([path, change]) => h('li', {}, h('code', {}, path), `: ${JSON.stringify(change.from)} → ${JSON.stringify(change.to)}`)))),
                ),
              ),
            ),
          ),
        ),
  ];
}
