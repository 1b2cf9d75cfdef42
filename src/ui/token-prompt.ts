/** The token prompt: asks once for the server's API token, checks it against the server, and keeps it for the tab. */
import { KindredError } from '../client/index.js';
import { h, mount } from './dom.js';
import { describeError, type Session } from './session.js';

/**
 * Shows the prompt in `root` with `message` (why it is asked); resolves once a token the server accepts is kept.
 *
 * @example
 * await askForToken(main, session, 'This server needs an API token.');
 */
export function askForToken(root: HTMLElement, session: Session, message: string): Promise<void> {
  return new Promise((resolve) => {
    const input = h('input', { id: 'token', type: 'password', name: 'token', autocomplete: 'current-password', required: true, 'aria-describedby': 'token-why token-error' });
    const error = h('p', { id: 'token-error', class: 'error', role: 'alert' });
    const form = h(
      'form',
      { class: 'token-form' },
      h('h2', {}, 'Sign in'),
      h('p', { id: 'token-why' }, message, ' It is the value of SERVICE_API_TOKEN the server was started with; it is kept in this tab only.'),
      h('label', { for: 'token' }, 'API token'),
      input,
      h('button', { type: 'submit' }, 'Continue'),
      error,
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      session.setToken(input.value);
      session.api.stats().then(
        () => resolve(),
        (err: unknown) => {
          const refused = err instanceof KindredError && err.status === 401;
          if (refused) session.clearToken();
          error.textContent = refused ? 'The server refused this token.' : `Could not check the token: ${describeError(err)}`;
          input.select();
        },
      );
    });
    mount(root, form);
    input.focus();
  });
}
