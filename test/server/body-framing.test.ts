/** Request bodies over real HTTP: an oversized body gets a 413 the client can read even when it writes everything first; a chunked body of zero bytes is no body. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startTestServer, type TestServer } from './server-harness.js';

let t: TestServer;
before(async () => {
  t = await startTestServer();
});
after(() => t.stop());

/**
 * Sends raw bytes on a fresh socket, writing everything (in pieces, with pauses) before reading; resolves with all that came back, or the write error.
 * The client gives up (ends its side) after `giveUpMs`: long enough for the slowest answer expected, or the server's own close comes first.
 */
function rawExchange(head: string, body: Buffer, pieces = 64, pauseMs = 10, giveUpMs = 2000): Promise<{ response: string; writeError: string | null }> {
  const { hostname, port } = new URL(t.server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let response = '';
    let writeError: string | null = null;
    socket.setEncoding('utf8');
    socket.on('error', (e: NodeJS.ErrnoException) => (writeError = e.code ?? e.message));
    socket.on('close', () => resolve({ response, writeError }));
    socket.on('connect', async () => {
      // Like a client that only reads once it has written the whole request.
      socket.pause();
      try {
        socket.write(head);
        const step = Math.ceil(body.length / pieces);
        for (let i = 0; i < body.length; i += step) {
          if (!socket.write(body.subarray(i, i + step))) await new Promise((r) => socket.once('drain', r));
          await new Promise((r) => setTimeout(r, pauseMs));
        }
      } catch (e) {
        reject(e);
      }
      socket.on('data', (d: string) => (response += d));
      socket.resume();
      setTimeout(() => socket.end(), giveUpMs).unref();
    });
  });
}

test('11 MiB to /match (limit 10 MiB), written slowly and in full before reading: the client reads 413 payload_too_large with Connection: close', async () => {
  const host = new URL(t.server.url).host;
  const body = Buffer.alloc(11 * 1024 * 1024, 0x20);
  const { response, writeError } = await rawExchange(
    `POST /match HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    body,
  );
  assert.equal(writeError, null, 'the upload is not cut off');
  assert.match(response, /^HTTP\/1\.1 413 /);
  assert.match(response, /\r\nconnection: close\r\n/i);
  assert.match(response, /"code":"payload_too_large"/);
});

test('the same without a Content-Length (chunked): 413 after the body, readable', async () => {
  const host = new URL(t.server.url).host;
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const framed = Buffer.concat([...Array.from({ length: 11 }, () => Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])), Buffer.from('0\r\n\r\n')]);
  const { response, writeError } = await rawExchange(`POST /match HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`, framed);
  assert.equal(writeError, null);
  assert.match(response, /^HTTP\/1\.1 413 /);
  assert.match(response, /"code":"payload_too_large"/);
});

test('a chunked body of zero bytes without a Content-Type is no body: POST /autoconfig re-profiles the loaded data', async () => {
  const host = new URL(t.server.url).host;
  const { response } = await rawExchange(`POST /autoconfig HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`, Buffer.from('0\r\n\r\n'), 1, 0, 120_000);
  // A controller run takes seconds on a loaded machine: ending the socket after 2 s made the server drop the answer.
  assert.match(response, /^HTTP\/1\.1 200 /, response.slice(0, 200));
  assert.match(response, /"source":"rest_autoconfig"/);
});

test('a chunked body with bytes and no Content-Type is still refused with 415', async () => {
  const host = new URL(t.server.url).host;
  const { response } = await rawExchange(`POST /autoconfig HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`, Buffer.from('2\r\n{}\r\n0\r\n\r\n'), 1, 0);
  assert.match(response, /^HTTP\/1\.1 415 /);
});
