/** Which bind addresses count as loopback for the fail-closed rule. */
import net from 'node:net';

/**
 * True for 127.0.0.0/8, ::1 and localhost (API.md 2.1).
 *
 * @example
 * isLoopbackBindHost('127.0.0.1'); // true
 * isLoopbackBindHost('0.0.0.0');   // false
 */
export function isLoopbackBindHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost') return true;
  if (net.isIPv4(h)) return h.startsWith('127.');
  if (net.isIPv6(h)) return h === '::1' || h === '0:0:0:0:0:0:0:1';
  return false;
}
