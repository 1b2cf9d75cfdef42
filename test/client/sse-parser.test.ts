// SseParser: multi-line data, comments, ids, CRLF and chunks split anywhere give the same messages as the whole text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SseParser } from '../../src/client/sse-parser.js';

const STREAM = ': hello\n\nid: 1\nevent: record_moved\ndata: {"a":\ndata: 1}\n\n: keep-alive\n\nretry: 250\nid: 2\ndata:x\n\nid: 3\n\ndata: after id only\n\n';

test('messages: data lines joined by newline, comments ignored, id kept until changed, retry read', () => {
  const p = new SseParser();
  assert.deepEqual(p.push(STREAM), [
    { event: 'record_moved', data: '{"a":\n1}', id: '1' },
    { event: 'message', data: 'x', id: '2' },
    { event: 'message', data: 'after id only', id: '3' },
  ]);
  assert.equal(p.retryMs, 250);
});

test('an unfinished message is not dispatched until its blank line', () => {
  const p = new SseParser();
  assert.deepEqual(p.push('id: 9\ndata: half'), []);
  assert.deepEqual(p.push('\n'), []);
  assert.deepEqual(p.push('\n'), [{ event: 'message', data: 'half', id: '9' }]);
});

test('CR, LF and CRLF line ends, in chunks split anywhere (even between CR and LF), give the same messages', () => {
  const whole = new SseParser().push(STREAM);
  fc.assert(
    fc.property(fc.constantFrom('\n', '\r', '\r\n'), fc.array(fc.nat(), { maxLength: 12 }), (eol, cuts) => {
      const text = STREAM.replace(/\n/g, eol);
      const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
      const p = new SseParser();
      const got = [];
      let from = 0;
      for (const at of [...points, text.length]) {
        got.push(...p.push(text.slice(from, at)));
        from = at;
      }
      assert.deepEqual(got, whole);
    }),
    { seed: 16, numRuns: 200 },
  );
});
