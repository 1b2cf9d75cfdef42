/** Serves a Hono app on a free loopback port for one test, and closes it afterwards. */
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { ServerOptions } from 'node:http';

/** The request handler `serve` accepts; a Hono app's `fetch` is one. */
type FetchCallback = Parameters<typeof serve>[0]['fetch'];

/**
 * A running test server: its base URL, port, and a `close()` that ends every connection.
 *
 * @example
 * const server: TestServer = await listen(app);
 * await fetch(`${server.url}/health`);
 */
export interface TestServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serve `app` on `127.0.0.1:0` and resolve once it is listening.
 * `serverOptions` go to `node:http` (e.g. `{ requireHostHeader: false }`).
 *
 * @example
 * const server = await listen(app);
 * try { const res = await fetch(`${server.url}/health`); } finally { await server.close(); }
 */
export function listen(app: { fetch: FetchCallback }, serverOptions?: ServerOptions): Promise<TestServer> {
  return new Promise((resolve, reject) => {
    let server: ServerType | undefined;
    const onListening = (info: AddressInfo): void => {
      const running = server;
      if (!running) return reject(new Error('server did not start'));
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        port: info.port,
        close: () =>
          new Promise<void>((done, fail) => {
            running.close((err) => (err ? fail(err) : done()));
            // Keep-alive sockets from fetch would otherwise hold close() open.
            if ('closeAllConnections' in running) running.closeAllConnections();
          }),
      });
    };
    server = serve(
      { fetch: app.fetch, port: 0, hostname: '127.0.0.1', ...(serverOptions ? { serverOptions } : {}) },
      onListening,
    );
    server.once('error', reject);
  });
}
