// Starts a real kindred server (worker pool, SQLite state, HTTP on port 0) over the people fixture, for the analysis and client tests.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../../../src/server/start-server.js';
import { loadConfigFile } from '../../../src/config/index.js';
import { Progress } from '../../../src/cli/progress.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The fixture the tests run against (300 synthetic people with duplicates). */
export const FIXTURE_CSV = path.join(ROOT, 'data/server-fixture.csv');
/** Its matching configuration. */
export const FIXTURE_CONFIG = path.join(ROOT, 'data/configs/server-fixture.yaml');

/**
 * A ready server and a way to stop it and remove its state directory.
 *
 * @example
 * const t = await startFixtureServer({ token: 'secret' });
 * await fetch(`${t.server.url}/health`);
 * await t.stop();
 */
export interface FixtureServer {
  server: RunningServer;
  url: string;
  stop(): Promise<void>;
}

/** Starts the server over the fixture and waits until it is ready. */
export async function startFixtureServer(options: { token?: string; withConfig?: boolean } = {}): Promise<FixtureServer> {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-analysis-'));
  const server = await startServer(
    {
      file: FIXTURE_CSV,
      config: options.withConfig === false ? null : loadConfigFile(FIXTURE_CONFIG),
      configLabel: FIXTURE_CONFIG,
      host: '127.0.0.1',
      port: 0,
      stateDir,
      workers: 2,
      lenient: false,
      exclude: [],
      app: { token: options.token, corsOrigins: [], maxBodyBytes: 10 * 1024 * 1024, requestTimeoutMs: 120_000 },
    },
    new Progress(process.stderr, true),
  );
  await server.ready;
  if (!server.state.ready) throw new Error(`fixture server failed to start: ${server.state.error ?? 'unknown'}`);
  return {
    server,
    url: server.url,
    stop: async () => {
      await server.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** POSTs JSON (or GETs when `body` is undefined and method is GET) and returns status and parsed body. */
export async function call(url: string, method: 'GET' | 'POST', body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
