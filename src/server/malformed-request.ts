/** Requests Node's HTTP parser rejects before Hono sees them still get a JSON error body (API.md 2.3). */
import type { Socket } from 'node:net';
import { KindredError } from '../errors/registry.js';

/** Parser errors that mean "too large" rather than "malformed". */
const TOO_LARGE = new Set(['HPE_HEADER_OVERFLOW']);

/**
 * The raw HTTP/1.1 response for a request the parser refused: 408 when its
 * headers timed out, 431 for oversized headers, 400 otherwise, with a JSON
 * error body (`timeout` or `invalid_request`) that names the reason, and `Connection: close` (the stream cannot be
 * trusted past a parse error).
 *
 * @example
 * malformedRequestResponse('HPE_INVALID_METHOD'); // "HTTP/1.1 400 Bad Request\r\n…{\"error\":{\"code\":\"invalid_request\",…}}"
 */
export function malformedRequestResponse(parserCode: string | undefined): string {
  // A request whose headers never finished arriving is slow, not malformed: 408 like Node's own answer, with a body.
  if (parserCode === 'ERR_HTTP_REQUEST_TIMEOUT') return rawResponse('408 Request Timeout', new KindredError('timeout', 'the request did not arrive in time'));
  const tooLarge = parserCode !== undefined && TOO_LARGE.has(parserCode);
  const reason = tooLarge ? 'the request headers are too large' : `malformed HTTP request${parserCode ? ` (${parserCode})` : ''}`;
  return rawResponse(tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request', new KindredError('invalid_request', reason));
}

function rawResponse(status: string, error: KindredError): string {
  const body = JSON.stringify(error.toBody());
  return `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * A `clientError` listener for the Node server. Node's own answer is a
 * bare `400 Bad Request` without a body; this one carries the JSON error.
 * A socket that is already gone (reset, timed out mid-request) is just
 * destroyed.
 *
 * @example
 * server.on('clientError', answerMalformedRequest);
 */
export function answerMalformedRequest(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(malformedRequestResponse(err.code));
}
