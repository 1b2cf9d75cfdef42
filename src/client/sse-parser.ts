/** An incremental Server-Sent Events parser (the WHATWG event-stream rules): bytes in, dispatched messages out. */

/**
 * One dispatched SSE message: `id` is the last event id in effect (null
 * before any), `data` the data lines joined by newlines.
 *
 * @example
 * const m: SseMessage = { event: 'record_moved', data: '{"seq":3}', id: '3' };
 */
export interface SseMessage {
  event: string;
  data: string;
  id: string | null;
}

/**
 * Feeds text chunks (split anywhere, even inside a line or a CRLF) and
 * returns the messages they complete. Comment lines (`: keep-alive`) are
 * ignored; `retry:` is kept in `retryMs`; a message without data lines is
 * not dispatched, but its `id:` still sets the last event id.
 *
 * @example
 * const p = new SseParser();
 * p.push('id: 1\ndata: a\ndata: b\n\n'); // [{ event: 'message', data: 'a\nb', id: '1' }]
 */
export class SseParser {
  /** The last `retry:` the server sent, in ms (null: none). */
  retryMs: number | null = null;
  private buffer = '';
  private lastId: string | null = null;
  private event = '';
  private data: string[] = [];
  private sawCr = false;

  push(chunk: string): SseMessage[] {
    const out: SseMessage[] = [];
    let text = chunk;
    // A CR ended the previous chunk: a LF opening this one belongs to it.
    if (this.sawCr && text.startsWith('\n')) text = text.slice(1);
    this.sawCr = false;
    this.buffer += text;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const ch = this.buffer[i];
      if (ch !== '\n' && ch !== '\r') continue;
      this.line(this.buffer.slice(start, i), out);
      if (ch === '\r') {
        if (i + 1 < this.buffer.length) {
          if (this.buffer[i + 1] === '\n') i++;
        } else {
          this.sawCr = true;
        }
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  private line(line: string, out: SseMessage[]): void {
    if (line === '') {
      if (this.data.length > 0) out.push({ event: this.event === '' ? 'message' : this.event, data: this.data.join('\n'), id: this.lastId });
      this.event = '';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
  }
}
