/** Line splits found as the bytes arrive equal those found over the whole buffer, and both equal the plain scan. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { LineSplitter, lineSplitPoints } from '../../src/data/csv-bytes.js';

/** The plain scan: each target's first line feed over the whole buffer. */
function reference(buf: Buffer, start: number, end: number, parts: number): number[] {
  const points = [start];
  for (let k = 1; k < parts; k++) {
    const target = Math.max(start + Math.floor(((end - start) * k) / parts), points[points.length - 1]);
    const nl = buf.indexOf(0x0a, target);
    if (nl === -1 || nl + 1 >= end) break;
    if (nl + 1 > points[points.length - 1]) points.push(nl + 1);
  }
  points.push(end);
  return points;
}

test('advancing piece by piece settles the same split points as the whole buffer at once', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 60 }),
      fc.boolean(),
      fc.integer({ min: 1, max: 12 }),
      fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 40 }),
      (lines, trailingNewline, parts, pieces) => {
        const text = 'h\n' + lines.map((n) => 'x'.repeat(n)).join('\n') + (trailingNewline ? '\n' : '');
        const buf = Buffer.from(text);
        const splitter = new LineSplitter(buf, 2, buf.length, parts);
        let available = 0;
        for (let i = 0; !splitter.done; i++) {
          available = Math.min(buf.length, available + pieces[i % pieces.length]);
          const done = splitter.advance(available);
          // Every split settled so far lies in the bytes read (the start is given, the end is known once done).
          for (const p of splitter.points.slice(1, done ? -1 : undefined)) assert.ok(p <= available, `${p} settled with ${available} bytes read`);
        }
        assert.deepEqual(splitter.points, reference(buf, 2, buf.length, parts));
        assert.deepEqual(lineSplitPoints(buf, 2, buf.length, parts), reference(buf, 2, buf.length, parts));
      },
    ),
  );
});
