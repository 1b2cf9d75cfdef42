/** Sends one HTTP request with node:http, for tests that need headers fetch will not let them set (Host) or a body they control. */
import { request } from 'node:http';

/**
 * Status, headers and text body of a raw response.
 *
 * @example
 * const { status, body }: RawResponse = await rawRequest({ port, host: 'localhost' });
 */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * What to send: `host: null` sends no Host header at all.
 *
 * @example
 * const options: RawRequestOptions = { port, method: 'POST', path: '/match', host: null, body: '{}' };
 */
export interface RawRequestOptions {
  port: number;
  method?: string;
  path?: string;
  host?: string | null;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Send one request to `127.0.0.1:<port>` with exactly the given Host header
 * (or none) and return the whole response.
 *
 * @example
 * const res = await rawRequest({ port, path: '/stats', host: 'attacker.example' });
 * assert.equal(res.status, 403);
 */
export function rawRequest(options: RawRequestOptions): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (typeof options.host === 'string') headers.host = options.host;
    const req = request(
      {
        host: '127.0.0.1',
        port: options.port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        headers,
        setHost: options.host === undefined,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
