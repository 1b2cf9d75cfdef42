/** Refuses requests whose Host is not a loopback name or address when the server runs without a token (DNS-rebinding defence). */
import { isIPv4, isIPv6 } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { KindredError } from '../../../errors/registry.js';

/** `name` or `[v6]`, then an optional `:port` of digits; nothing else (no user info, path or spaces). */
const HOST_HEADER = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]\s/@?#\\]+)(?::(\d{1,5}))?$/;

/**
 * Whether a `Host` header value names the loopback interface: `localhost`,
 * an IPv4 address in 127.0.0.0/8, or `[::1]` (any spelling of it), each with
 * or without a port, case-insensitive. A DNS name that merely resolves to
 * 127.0.0.1 is not accepted: that is exactly what a rebinding attacker uses.
 *
 * @example
 * isLoopbackHost('localhost:8080');   // true
 * isLoopbackHost('127.3.2.1');        // true
 * isLoopbackHost('[::1]:8080');       // true
 * isLoopbackHost('attacker.example'); // false
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  const match = HOST_HEADER.exec(host.trim());
  if (match === null) return false;
  const port = match[2];
  if (port !== undefined && Number(port) > 65535) return false;
  const name = match[1].toLowerCase();
  if (name === 'localhost') return true;
  if (name.startsWith('[')) {
    const address = name.slice(1, -1);
    // The URL parser compresses every spelling of ::1 (0:0:0:0:0:0:0:1, ::0001) to one form.
    return isIPv6(address) && new URL(`http://[${address}]/`).hostname === '[::1]';
  }
  return isIPv4(name) && name.split('.')[0] === '127';
}

/**
 * Options of {@link hostCheck}.
 *
 * @example
 * const options: HostCheckOptions = { enabled: !process.env.SERVICE_API_TOKEN };
 */
export interface HostCheckOptions {
  /** On when the server runs without a token; with a token the check is off. */
  enabled: boolean;
}

/**
 * When enabled, refuse with 403 `forbidden_host` every request whose `Host`
 * header is missing or is not a loopback name or address. Without a token the
 * server trusts anyone who can reach it, so a web page that re-points its own
 * domain at 127.0.0.1 (DNS rebinding) must not be able to talk to it; such a
 * page's requests carry the attacker's domain as `Host`.
 *
 * Node's HTTP server answers an HTTP/1.1 request without `Host` with its own
 * 400 before any middleware runs unless the server is created with
 * `requireHostHeader: false`; this middleware covers the case either way.
 *
 * @example
 * app.use(hostCheck({ enabled: !process.env.SERVICE_API_TOKEN }));
 */
export function hostCheck(options: HostCheckOptions): MiddlewareHandler {
  // A client sends the same Host on every request of a connection: remember the last verdict.
  let lastHost: string | undefined;
  let lastLoopback = false;
  return async (c, next) => {
    if (options.enabled) {
      const host = c.req.header('host');
      if (host !== lastHost || host === undefined) {
        lastLoopback = isLoopbackHost(host);
        lastHost = host;
      }
      if (!lastLoopback) {
        const seen = host === undefined ? 'no Host header' : `Host ${JSON.stringify(host.slice(0, 100))}`;
        throw new KindredError(
          'forbidden_host',
          `${seen} is not a loopback name or address; without SERVICE_API_TOKEN the server only answers requests addressed to localhost, 127.0.0.0/8 or [::1]`,
        );
      }
    }
    await next();
  };
}
