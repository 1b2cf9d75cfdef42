/** One HTTP request from the benchmark's load generators (node:http on a shared keep-alive agent), timed from write to the last byte of the answer. */
import http from 'node:http';

/**
 * A request to send: method, path and an optional JSON body (already encoded, so encoding costs nothing while measuring).
 *
 * @example
 * const spec: RequestSpec = { method: 'POST', path: '/match', body: Buffer.from('{"surname":"smith"}') };
 */
export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: Buffer;
}

/**
 * What came back: the status (0 when the connection failed), the body, and the time it took.
 *
 * @example
 * const ok = (e: Exchange): boolean => e.status === 200 && e.error === null;
 */
export interface Exchange {
  status: number;
  body: string;
  ms: number;
  /** The socket or parser error, when there was one. */
  error: string | null;
}

/**
 * Sends `spec` to `origin` (`http://host:port`) over `agent` and resolves
 * with the whole answer. It never rejects: a connection error is an exchange
 * with status 0, so a load run counts it as an error instead of stopping.
 *
 * @example
 * const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
 * const r = await exchange(agent, new URL('http://127.0.0.1:8080'), { method: 'GET', path: '/health' });
 * r.status; // 200
 */
export function exchange(agent: http.Agent, origin: URL, spec: RequestSpec): Promise<Exchange> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const headers: http.OutgoingHttpHeaders = {};
    if (spec.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = spec.body.length;
    }
    let settled = false;
    const done = (status: number, body: string, error: string | null): void => {
      if (settled) return;
      settled = true;
      resolve({ status, body, ms: performance.now() - t0, error });
    };
    const req = http.request({ agent, hostname: origin.hostname, port: origin.port, method: spec.method, path: spec.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'), null));
      res.on('error', (e) => done(0, '', e.message));
    });
    req.on('error', (e) => done(0, '', e.message));
    req.end(spec.body);
  });
}
