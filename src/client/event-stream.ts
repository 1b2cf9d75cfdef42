/** The change feed as an async iterator: reads GET /events, reconnects after a dropped connection from the last seen id, stops on an AbortSignal. */
import { errorFromBody, KindredError } from './errors.js';
import { SseParser } from './sse-parser.js';
import type { EventsOptions, FeedEvent } from './types.js';

/** Longest wait between reconnects (ms). */
const MAX_BACKOFF_MS = 30_000;
const DEFAULT_RETRY_MS = 1_000;

/**
 * How to open the stream: the URL of `/events`, the request headers, a fetch.
 *
 * @example
 * const t: StreamTransport = { url: 'http://127.0.0.1:8080/events', headers: {}, fetch };
 */
export interface StreamTransport {
  url: string;
  headers: Record<string, string>;
  fetch: typeof fetch;
}

/** Waits `ms`, or less when the signal aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done(): void {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** A status that will not change by retrying: a client error (bad token, bad `since`). */
function isFinal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * Yields each event of the feed after `since`, once, in sequence order.
 * A connection that drops (network error, server restart, stream end) is
 * opened again with `since` = the last id seen, after a doubling wait, so
 * nothing is skipped or repeated; events at or below the last seen seq are
 * dropped should a server resend them. A 4xx answer throws its
 * `KindredError` at once; aborting the signal ends the loop without error.
 *
 * @example
 * for await (const e of readEvents(transport, { since: 0, signal })) if (e.type === 'record_moved') table.set(e.row_id, e.to);
 */
export async function* readEvents(transport: StreamTransport, options: EventsOptions = {}): AsyncGenerator<FeedEvent, void, undefined> {
  const { signal } = options;
  let last = options.since ?? 0;
  let failures = 0;
  let serverRetry: number | null = null;
  while (!signal?.aborted) {
    let error: KindredError;
    try {
      const url = new URL(transport.url);
      url.searchParams.set('since', String(last));
      const res = await transport.fetch(url, { headers: { ...transport.headers, accept: 'text/event-stream' }, signal });
      if (!res.ok || res.body === null) {
        const text = await res.text().catch(() => '');
        error = errorFromBody(res.status, parseJson(text), `GET /events: HTTP ${res.status}`);
        if (isFinal(res.status)) throw error;
      } else {
        failures = 0;
        const parser = new SseParser();
        const decoder = new TextDecoder();
        const reader = res.body.getReader();
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            for (const m of parser.push(decoder.decode(value, { stream: true }))) {
              const seq = m.id !== null && /^\d+$/.test(m.id) ? Number(m.id) : NaN;
              const event = parseJson(m.data) as FeedEvent | undefined;
              if (event === undefined) throw new KindredError(res.status, 'invalid_response', `GET /events: event ${m.id ?? '?'} is not JSON: ${m.data.slice(0, 80)}`);
              const at = Number.isNaN(seq) ? event.seq : seq;
              if (at <= last) continue;
              last = at;
              yield event;
            }
            serverRetry = parser.retryMs ?? serverRetry;
          }
        } finally {
          await reader.cancel().catch(() => undefined);
        }
        error = new KindredError(0, 'network_error', 'GET /events: the server closed the stream');
      }
    } catch (e) {
      if (signal?.aborted) return;
      if (e instanceof KindredError && (e.code === 'invalid_response' || isFinal(e.status))) throw e;
      error = e instanceof KindredError ? e : new KindredError(0, 'network_error', `GET /events: ${e instanceof Error ? e.message : String(e)}`, undefined, { cause: e });
    }
    failures++;
    if (options.maxRetries !== undefined && failures > options.maxRetries) throw error;
    const base = options.retryMs ?? serverRetry ?? DEFAULT_RETRY_MS;
    await sleep(Math.min(base * 2 ** (failures - 1), MAX_BACKOFF_MS), signal);
  }
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
