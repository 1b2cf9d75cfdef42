/** A cluster's pair scores as a matrix of its members, weakest pair (the bottleneck) outlined; a list of the weakest pairs for clusters too large to draw. */
import { formatScore, h } from '../dom.js';

/** Members beyond which a matrix stops being readable; larger clusters get the weakest pairs as a list. */
const MAX_MATRIX = 24;
const WEAKEST_LISTED = 15;

/**
 * The scores table of a cluster: `pairScores` keys are `"<a>-<b>"` with a < b.
 * Cells are shaded by score class (CSS, so the strict CSP holds) and
 * carry the number as text; an unscored pair is an empty cell.
 *
 * @example
 * scoreMatrix([12, 40, 977], { '12-40': 0.97, '12-977': 0.88 }, [12, 977]);
 */
export function scoreMatrix(members: readonly number[], pairScores: Readonly<Record<string, number>>, bottleneck: readonly [number, number] | null): HTMLElement {
  const bottleneckId = bottleneck === null ? null : `${bottleneck[0]}-${bottleneck[1]}`;
  if (members.length > MAX_MATRIX) {
    const weakest = Object.entries(pairScores)
      .sort((x, y) => x[1] - y[1] || (x[0] < y[0] ? -1 : 1))
      .slice(0, WEAKEST_LISTED);
    return h(
      'div',
      {},
      h('p', {}, `${members.length} members is too many for a matrix; the ${weakest.length} weakest of ${Object.keys(pairScores).length} scored pairs:`),
      h('ol', { class: 'weakest' }, weakest.map(([id, s]) => h('li', { class: id === bottleneckId ? 'bottleneck' : null }, `${id}: ${formatScore(s)}${id === bottleneckId ? ' (bottleneck)' : ''}`))),
    );
  }
  return h(
    'div',
    { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': 'Pair scores' },
    h(
      'table',
      { class: 'matrix' },
      h('caption', { class: 'matrix-caption' }, 'The outlined pair is the bottleneck, the weakest link.'),
      h('thead', {}, h('tr', {}, h('td', {}), members.map((m) => h('th', { scope: 'col' }, String(m))))),
      h(
        'tbody',
        {},
        members.map((a) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, String(a)),
            members.map((b) => {
              if (a === b) return h('td', { class: 'diag' }, '');
              const id = a < b ? `${a}-${b}` : `${b}-${a}`;
              const score = pairScores[id];
              if (score === undefined) return h('td', { class: 'unscored' }, h('span', { class: 'visually-hidden' }, 'not scored'));
              const mark = id === bottleneckId;
              return h('td', { class: `s${Math.min(9, Math.floor(score * 10))}${mark ? ' bottleneck' : ''}`, title: `${id}: ${formatScore(score)}` }, formatScore(score), mark ? h('span', { class: 'visually-hidden' }, ' (bottleneck)') : null);
            }),
          ),
        ),
      ),
    ),
  );
}
