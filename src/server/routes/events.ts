/** GET /events: the cluster change feed as Server-Sent Events, resumable with ?since=<seq> or Last-Event-ID. */
import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ServerEnv } from '../middleware/chain/index.js';
import type { ServerState } from '../server-state.js';
import { intParam } from '../query-params.js';
import type { StoredEvent } from '../../store/change-log.js';

/** Events read from the database per page while catching up. */
const PAGE = 500;
/** A comment line this often keeps proxies from closing an idle stream (ms). */
const KEEPALIVE_MS = 15_000;

/** Registers `/events`. */
export function registerEvents(app: Hono<ServerEnv>, state: ServerState): void {
  app.get('/events', (c) => {
    const header = c.req.header('last-event-id');
    const since = intParam(c.req.query('since') ?? header, 'since', { def: 0, min: 0, max: Number.MAX_SAFE_INTEGER });
    const db = state.store;
    const res = streamSSE(c, async (stream) => {
      let last = since;
      // Live events arriving while the history is sent wait here, so none is lost or sent twice.
      const pending: StoredEvent[] = [];
      let wake: (() => void) | null = null;
      let closed = false;
      const end = (): void => {
        closed = true;
        wake?.();
      };
      const off = state.feed.subscribe((events) => {
        pending.push(...events);
        wake?.();
      }, end);
      stream.onAbort(end);
      const send = async (e: StoredEvent): Promise<void> => {
        if (e.seq <= last) return;
        await stream.writeSSE({ id: String(e.seq), event: e.type, data: JSON.stringify({ seq: e.seq, type: e.type, ...e.data, cause: e.cause.kind, at: e.created_at }) });
        last = e.seq;
      };
      try {
        for (;;) {
          const page = db.changes.eventsSince(last, PAGE);
          for (const e of page) await send(e);
          if (page.length < PAGE) break;
        }
        while (!closed) {
          while (pending.length > 0 && !closed) await send(pending.shift() as StoredEvent);
          if (closed) break;
          await new Promise<void>((resolve) => {
            wake = resolve;
            const t = setTimeout(resolve, KEEPALIVE_MS);
            t.unref();
          });
          wake = null;
          if (pending.length === 0 && !closed) await stream.write(': keep-alive\n\n');
        }
      } finally {
        off();
      }
    });
    // streamSSE says keep-alive; but a stream's connection is not reused once it ends (a shutdown ends it), and closing it lets the server's close finish at once instead of waiting out the keep-alive timeout.
    res.headers.set('connection', 'close');
    return res;
  });
}