/** Reads a request body straight from Node's IncomingMessage under a byte limit, so a request never needs a WHATWG Request and stream built around it. */
import { IncomingMessage } from 'node:http';

/**
 * The Node request behind a Hono context when the app is served by
 * `@hono/node-server` (its bindings are `c.env.incoming`), else null (for
 * example under `app.request()` in tests).
 *
 * @example
 * const incoming = nodeIncoming(c.env);
 * if (incoming) bytes = await readIncoming(incoming, limit, tooLarge);
 */
export function nodeIncoming(env: unknown): IncomingMessage | null {
  if (typeof env !== 'object' || env === null) return null;
  const incoming = (env as { incoming?: unknown }).incoming;
  return incoming instanceof IncomingMessage ? incoming : null;
}

/**
 * Bytes past the limit read and thrown away before a 413 is answered, so a
 * client that writes its whole body before reading the answer (Python
 * `requests`, curl, most SDKs) is not cut off mid-upload with EPIPE.
 *
 * @example
 * const worst = maxBytes + DRAIN_MAX_BYTES; // the most a refused request costs to read
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
/**
 * The longest a refused body is drained, from the moment it went over the
 * limit: past it the 413 is answered and the connection closed anyway.
 *
 * @example
 * setTimeout(giveUp, DRAIN_MAX_MS);
 */
export const DRAIN_MAX_MS = 5000;

/**
 * The whole body of `incoming`, counting bytes as they arrive. A body over
 * `maxBytes` (a declared `Content-Length` over it, or the running count
 * crossing it) rejects with `tooLarge()`, but only once the rest of the body
 * has been read and discarded, at most {@link DRAIN_MAX_BYTES} more bytes
 * for at most {@link DRAIN_MAX_MS}: answering while the client still writes
 * would close the connection under it, and a client that reads only after
 * writing would see EPIPE, not the 413. A declared length beyond what would
 * be drained rejects at once. GET and HEAD requests have no body to read.
 *
 * Reading here instead of through `c.req.raw.body` spares every request
 * the adapter's full `Request` (with its stream and abort-signal plumbing),
 * which was a large share of the per-request cost of `/match`.
 *
 * @example
 * const bytes = await readIncoming(incoming, 10 << 20, () => new KindredError('payload_too_large', 'too large'));
 */
export function readIncoming(incoming: IncomingMessage, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array> {
  if (incoming.method === 'GET' || incoming.method === 'HEAD') return Promise.resolve(new Uint8Array(0));
  const header = incoming.headers['content-length'];
  const declared = header !== undefined && /^\d+$/.test(header.trim()) ? Number(header.trim()) : null;
  if (declared !== null && declared > maxBytes + DRAIN_MAX_BYTES) return Promise.reject(tooLarge());
  if (incoming.readableEnded) return Promise.resolve(new Uint8Array(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let draining = false;
    let timer: NodeJS.Timeout | undefined;
    const cleanup = (): void => {
      clearTimeout(timer);
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
    };
    const refuse = (): void => {
      cleanup();
      incoming.pause();
      reject(tooLarge());
    };
    const startDraining = (): void => {
      draining = true;
      chunks.length = 0;
      timer = setTimeout(refuse, DRAIN_MAX_MS);
      timer.unref();
    };
    const onData = (chunk: Buffer): void => {
      total += chunk.length;
      if (draining) {
        if (total > maxBytes + DRAIN_MAX_BYTES) refuse();
        return;
      }
      if (total > maxBytes) {
        startDraining();
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      if (draining) reject(tooLarge());
      else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    const onClose = (): void => {
      if (incoming.readableEnded) return;
      cleanup();
      reject(draining ? tooLarge() : new Error('the client closed the connection before sending the whole body'));
    };
    // A declared length over the limit is refused without keeping a byte of it.
    if (declared !== null && declared > maxBytes) startDraining();
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
  });
}
