/** Builds DOM and SVG elements from a tag, attributes and children: the workbench's one view primitive, instead of a framework. */

/**
 * What may appear as a child: nodes, text, or nothing (skipped).
 *
 * @example
 * const children: Child[] = ['Pair ', 12, null, h('kbd', {}, 'a')];
 */
export type Child = Node | string | number | null | undefined | false;

/**
 * Attributes: `on<event>` functions become listeners, `true` an empty attribute, `false`/null/undefined nothing.
 *
 * @example
 * const attrs: Attrs = { type: 'button', disabled: false, onclick: () => undo() };
 */
export type Attrs = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

function fill<E extends Element>(el: E, attrs: Attrs, children: (Child | Child[])[]): E {
  for (const [key, value] of Object.entries(attrs)) {
    if (typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (value === true) el.setAttribute(key, '');
    else if (value !== false && value !== null && value !== undefined) el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'number' ? String(child) : child);
  }
  return el;
}

/**
 * An HTML element. Text children are text nodes, never parsed as HTML, so
 * record values cannot inject markup.
 *
 * @example
 * h('button', { type: 'button', onclick: () => approve() }, 'Approve');
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  return fill(document.createElement(tag), attrs, children);
}

/**
 * An SVG element (charts).
 *
 * @example
 * svg('rect', { x: 0, y: 0, width: 10, height: 20, class: 'bar' });
 */
export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Child | Child[])[]): SVGElementTagNameMap[K] {
  return fill(document.createElementNS('http://www.w3.org/2000/svg', tag), attrs, children);
}

/**
 * Replaces every child of `parent`.
 *
 * @example
 * mount(main, h('p', {}, 'Loading…'));
 */
export function mount(parent: Element, ...children: (Child | Child[])[]): void {
  parent.replaceChildren();
  fill(parent, {}, children);
}

/**
 * A score to 3 decimals for reading, rounded as the explanation sentence rounds it.
 *
 * @example
 * formatScore(0.802143); // '0.802'
 */
export function formatScore(score: number | null | undefined): string {
  // Rounded half up like the server's explanation sentence (toFixed alone would show 0.7975 as 0.797 beside its 0.798).
  return score === null || score === undefined ? '—' : (Math.round(score * 1000) / 1000).toFixed(3);
}
