/** A small SVG bar chart (histograms) with optional vertical marks and shaded bands, drawn through the DOM so the strict CSP holds. */
import { svg } from '../dom.js';

/**
 * One bar: its span on the x axis, its height, and the text a hover or a screen reader gets.
 *
 * @example
 * const bar: Bar = { x0: 0.8, x1: 0.82, value: 14, label: '0.80–0.82: 14 pairs' };
 */
export interface Bar {
  x0: number;
  x1: number;
  value: number;
  label: string;
}

/**
 * What to draw.
 *
 * @example
 * const spec: BarChartSpec = { title: 'Pair scores', bars: [], domain: [0, 1], marks: [{ x: 0.8, label: 'threshold 0.8' }], bands: [{ x0: 0.7, x1: 0.85, label: 'review band' }], ticks: [0, 0.5, 1] };
 */
export interface BarChartSpec {
  /** The accessible name of the chart (a screen reader reads it with `summary`). */
  title: string;
  summary: string;
  bars: Bar[];
  domain: [number, number];
  marks?: { x: number; label: string }[];
  bands?: { x0: number; x1: number; label: string }[];
  ticks: number[];
  tickLabel?: (x: number) => string;
}

const W = 640;
const H = 220;
const PAD = { left: 44, right: 12, top: 26, bottom: 30 };

/**
 * The chart as an `<svg role="img">` scaled to its container's width.
 *
 * @example
 * figure.append(barChart(spec));
 */
export function barChart(spec: BarChartSpec): SVGSVGElement {
  const [d0, d1] = spec.domain;
  const max = Math.max(1, ...spec.bars.map((b) => b.value));
  const x = (v: number): number => PAD.left + ((v - d0) / (d1 - d0)) * (W - PAD.left - PAD.right);
  const y = (v: number): number => H - PAD.bottom - (v / max) * (H - PAD.top - PAD.bottom);
  const label = spec.tickLabel ?? ((v: number) => String(v));
  return svg(
    'svg',
    { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': `${spec.title}. ${spec.summary}`, preserveAspectRatio: 'xMidYMid meet' },
    (spec.bands ?? []).map((b) => svg('rect', { class: 'band', x: x(b.x0), y: PAD.top, width: Math.max(0, x(b.x1) - x(b.x0)), height: H - PAD.top - PAD.bottom }, svg('title', {}, b.label))),
    svg('line', { class: 'axis', x1: PAD.left, x2: W - PAD.right, y1: H - PAD.bottom, y2: H - PAD.bottom }),
    svg('line', { class: 'axis', x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: H - PAD.bottom }),
    svg('text', { class: 'tick', x: PAD.left - 6, y: PAD.top + 4, 'text-anchor': 'end' }, String(max)),
    svg('text', { class: 'tick', x: PAD.left - 6, y: H - PAD.bottom, 'text-anchor': 'end' }, '0'),
    spec.ticks.map((t) => svg('text', { class: 'tick', x: x(t), y: H - 8, 'text-anchor': 'middle' }, label(t))),
    spec.bars.map((b) =>
      b.value === 0
        ? null
        : svg('rect', { class: 'bar', x: x(b.x0) + 0.5, y: y(b.value), width: Math.max(1, x(b.x1) - x(b.x0) - 1), height: H - PAD.bottom - y(b.value) }, svg('title', {}, b.label)),
    ),
    (spec.marks ?? []).flatMap((m) => [
      svg('line', { class: 'mark', x1: x(m.x), x2: x(m.x), y1: PAD.top - 4, y2: H - PAD.bottom }),
      svg('text', { class: 'mark-label', x: x(m.x), y: 16, 'text-anchor': 'middle' }, m.label),
    ]),
  );
}
