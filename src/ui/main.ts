/** The review workbench's entry: waits for the server to be ready, asks for a token when it needs one, and routes `#/…` to the four views. */
import { KindredError } from '../client/index.js';
import { h, mount } from './dom.js';
import { describeError, Session } from './session.js';
import { askForToken } from './token-prompt.js';
import { queueView } from './views/queue.js';
import { clustersView } from './views/clusters.js';
import { searchView } from './views/search.js';
import { overviewView } from './views/overview.js';
import type { View, ViewContext } from './views/view.js';

const VIEWS: Record<string, (ctx: ViewContext) => View> = {
  queue: queueView,
  clusters: clustersView,
  search: searchView,
  overview: overviewView,
};

const main = document.getElementById('main') as HTMLElement;
const status = document.getElementById('status') as HTMLElement;
let view: View | null = null;
let prompting: Promise<void> | null = null;

const session = new Session(sessionStorage, location.origin, (message) => void prompt(message));

let clearStatus: ReturnType<typeof setTimeout> | undefined;

function notify(message: string, kind: 'ok' | 'error' = 'ok'): void {
  status.textContent = message;
  status.className = kind;
  clearTimeout(clearStatus);
  // Errors stay until the next message; confirmations fade so they do not cover the page.
  if (kind === 'ok') clearStatus = setTimeout(() => (status.textContent = ''), 5000);
}

async function prompt(message: string): Promise<void> {
  if (prompting !== null) return prompting;
  view?.dispose();
  view = null;
  prompting = askForToken(main, session, message);
  await prompting;
  prompting = null;
  route();
}

function route(): void {
  if (prompting !== null) return;
  const hash = location.hash.startsWith('#/') ? location.hash.slice(2) : 'queue';
  const [pathPart, query = ''] = hash.split('?');
  const path = pathPart.split('/').filter((p) => p !== '');
  const name = path[0] !== undefined && path[0] in VIEWS ? path[0] : 'queue';
  for (const link of document.querySelectorAll<HTMLAnchorElement>('nav.views a')) {
    if (link.dataset.view === name) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  view?.dispose();
  view = VIEWS[name]({ session, root: main, path: path.length > 0 ? path : [name], params: new URLSearchParams(query), notify, navigate: (to) => (location.hash === to ? route() : (location.hash = to)) });
}

/** Polls /health (open, no token) until the initial run has finished; the page says what it is waiting for. */
async function waitReady(): Promise<void> {
  for (;;) {
    try {
      await session.api.health();
      return;
    } catch (e) {
      const failed = e instanceof KindredError && /failed/.test(e.message);
      mount(main, h('p', { class: failed ? 'error' : 'loading' }, failed ? `The server's initial run failed: ${e.message}` : `The server is still loading and matching its data (${describeError(e)}); this page continues when it is ready.`));
      if (failed) return new Promise(() => undefined);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

async function start(): Promise<void> {
  await waitReady();
  // Listening before the first API call: after a token prompt the links must route too.
  window.addEventListener('hashchange', () => {
    // Skip links (#main) are not routes.
    if (location.hash.startsWith('#/')) route();
  });
  try {
    await session.call((api) => api.stats());
  } catch (e) {
    // A 401 has opened the prompt, which routes when a token is accepted.
    if (e instanceof KindredError && e.status === 401) return;
    mount(main, h('p', { class: 'error' }, `Could not reach the server: ${describeError(e)}`));
    return;
  }
  route();
}

void start();
