/** The workbench's connection to the server: one KindredClient on the page's origin, the token in session storage, and a 401 sending the user back to the token prompt. */
import { KindredClient, KindredError } from '../client/index.js';

const TOKEN_KEY = 'kindred.token';

/**
 * Holds the client and the token. Every API call goes through {@link Session.call},
 * so a 401 anywhere forgets the token and asks for it again.
 *
 * @example
 * const session = new Session(sessionStorage, location.origin, (why) => showPrompt(why));
 * const stats = await session.call((api) => api.stats());
 */
export class Session {
  private client: KindredClient;

  constructor(
    private readonly storage: Storage,
    private readonly origin: string,
    private readonly onUnauthorized: (message: string) => void,
  ) {
    this.client = this.makeClient();
  }

  /** Whether a token is kept for this tab. */
  get hasToken(): boolean {
    return (this.storage.getItem(TOKEN_KEY) ?? '') !== '';
  }

  /** Keeps `token` for this tab (session storage: gone when the tab closes). */
  setToken(token: string): void {
    this.storage.setItem(TOKEN_KEY, token);
    this.client = this.makeClient();
  }

  /** Forgets the token. */
  clearToken(): void {
    this.storage.removeItem(TOKEN_KEY);
    this.client = this.makeClient();
  }

  /** The client without the 401 handling (the token prompt checks a token with it). */
  get api(): KindredClient {
    return this.client;
  }

  /** Runs one API call; a 401 forgets the token, shows the prompt and rethrows. */
  async call<T>(fn: (api: KindredClient) => Promise<T>): Promise<T> {
    try {
      return await fn(this.client);
    } catch (e) {
      if (e instanceof KindredError && e.status === 401) {
        const had = this.hasToken;
        this.clearToken();
        this.onUnauthorized(had ? 'The server refused the token (it may have changed). Enter it again.' : 'This server needs an API token.');
      }
      throw e;
    }
  }

  private makeClient(): KindredClient {
    const token = this.storage.getItem(TOKEN_KEY) ?? undefined;
    return new KindredClient({ baseUrl: this.origin, token: token === '' ? undefined : token });
  }
}

/**
 * A message for an error thrown by an API call.
 *
 * @example
 * describeError(new KindredError(404, 'not_found', 'cluster 9 does not exist')); // 'cluster 9 does not exist (not_found)'
 */
export function describeError(e: unknown): string {
  if (e instanceof KindredError) return `${e.message} (${e.code})`;
  return e instanceof Error ? e.message : String(e);
}
