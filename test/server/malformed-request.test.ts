/** Requests the HTTP parser refuses (not HTTP at all, a broken header line, headers too large) get a JSON error body, not Node's bare 400. */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, test } from 'node:test';
import { malformedRequestResponse } from '../../src/server/malformed-request.js';
import { startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
before(async () => {
  t = await startTestServer({ waitReady: false });
});
after(() => t.stop());

/** Sends raw bytes and resolves with everything the server wrote before closing. */
function raw(bytes: string): Promise<string> {
  const { port } = new URL(t.server.url);
  return new Promise((resolve, reject) => {
    let got = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(bytes));
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (got += d));
    socket.on('end', () => resolve(got));
    socket.on('error', reject);
  });
}

function parse(response: string): { status: number; headers: string; body: { error: { code: string; message: string } } } {
  const [head, body] = response.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body) as { error: { code: string; message: string } } };
}

test('bytes that are not HTTP get 400 invalid_request as JSON, and the connection is closed', async () => {
  const r = parse(await raw('GARBAGE\r\n\r\n'));
  assert.equal(r.status, 400);
  assert.match(r.headers, /content-type: application\/json/);
  assert.match(r.headers, /connection: close/);
  assert.equal(r.body.error.code, 'invalid_request');
  assert.match(r.body.error.message, /malformed HTTP request/);
});

test('a header line with a space in its name gets the same JSON 400', async () => {
  const r = parse(await raw('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n'));
  assert.equal(r.status, 400);
  assert.equal(r.body.error.code, 'invalid_request');
});

test('headers over the parser limit get 431 with a JSON body saying so', async () => {
  const r = parse(await raw(`GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`));
  assert.equal(r.status, 431);
  assert.equal(r.body.error.code, 'invalid_request');
  assert.match(r.body.error.message, /too large/);
});

test('headers that time out are slow, not malformed: 408 with a JSON timeout body, as Node answers but with a body', () => {
  const r = parse(malformedRequestResponse('ERR_HTTP_REQUEST_TIMEOUT'));
  assert.equal(r.status, 408);
  assert.equal(r.body.error.code, 'timeout');
  assert.equal(parse(malformedRequestResponse(undefined)).status, 400);
});
