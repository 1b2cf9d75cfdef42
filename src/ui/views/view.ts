/** What every workbench view gets and gives back: the session, a place to draw, a way to report, and a clean-up for its listeners. */
import type { Session } from '../session.js';

/**
 * Everything a view needs from the shell.
 *
 * @example
 * const ctx: ViewContext = { session, root: main, params: new URLSearchParams(), path: ['clusters', '12'], notify: (m) => toast(m), navigate: (h) => (location.hash = h) };
 */
export interface ViewContext {
  session: Session;
  root: HTMLElement;
  /** The hash route's segments after `#/` (`#/clusters/12` → `['clusters', '12']`). */
  path: string[];
  /** The hash route's query (`#/clusters?sort=confidence`). */
  params: URLSearchParams;
  /** A short message in the live region (screen readers announce it). */
  notify(message: string, kind?: 'ok' | 'error'): void;
  navigate(hash: string): void;
}

/**
 * A mounted view; `dispose` removes its document-wide listeners when the user leaves it.
 *
 * @example
 * const view: View = { dispose: () => document.removeEventListener('keydown', onKey) };
 */
export interface View {
  dispose(): void;
}
