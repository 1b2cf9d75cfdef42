// A loopback JWKS endpoint for tests: serves chosen keys, counts fetches, and can fail, hang or drop on demand.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWK } from 'jose';

/**
 * How the endpoint answers: the key set, a 500, a body that is not a key set,
 * no answer at all, or a dropped connection.
 *
 * @example
 * jwks.mode = 'fail';
 */
export type JwksMode = 'ok' | 'fail' | 'malformed' | 'hang' | 'drop';

/**
 * A running test JWKS server.
 *
 * @example
 * const jwks = await startJwksServer([rsa.publicJwk]);
 * jwks.keys = [rsa.publicJwk, ec.publicJwk]; // rotation
 * assert.equal(jwks.fetches, 1);
 */
export interface JwksTestServer {
  /** The JWKS document URL. */
  readonly url: string;
  /** Keys served from now on. */
  keys: JWK[];
  mode: JwksMode;
  /** Requests received on the JWKS path, whatever the mode. */
  readonly fetches: number;
  /** Stops listening and ends every connection (the port is then closed). */
  stop(): Promise<void>;
  /** Listens again on the same port after {@link stop}. */
  restart(): Promise<void>;
}

const JWKS_PATH = '/.well-known/jwks.json';

function listenOn(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Starts the endpoint on 127.0.0.1 with a free port.
 *
 * @example
 * const jwks = await startJwksServer([key.publicJwk]);
 * try { ... } finally { await jwks.stop(); }
 */
export async function startJwksServer(initialKeys: JWK[]): Promise<JwksTestServer> {
  let fetches = 0;
  const state = { keys: initialKeys, mode: 'ok' as JwksMode };
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    if (req.url !== JWKS_PATH) {
      res.writeHead(404).end();
      return;
    }
    fetches += 1;
    switch (state.mode) {
      case 'ok':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: state.keys }));
        return;
      case 'fail':
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('identity provider is down');
        return;
      case 'malformed':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ not: 'a key set' }));
        return;
      case 'hang':
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      case 'drop':
        req.socket.destroy();
        return;
    }
  });
  const port = await listenOn(server, 0);
  return {
    url: `http://127.0.0.1:${port}${JWKS_PATH}`,
    get keys() {
      return state.keys;
    },
    set keys(k: JWK[]) {
      state.keys = k;
    },
    get mode() {
      return state.mode;
    },
    set mode(m: JwksMode) {
      state.mode = m;
    },
    get fetches() {
      return fetches;
    },
    stop: () => {
      for (const res of hanging) res.destroy();
      return closeServer(server);
    },
    restart: async () => {
      await listenOn(server, port);
    },
  };
}
