/** Test harness for the local server: starts a real server on port 0 over the fixture data with a fresh state dir, and speaks HTTP to it. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Progress } from '../../src/cli/progress.js';
import { loadConfigFile } from '../../src/config/index.js';
import { startServer, type RunningServer, type ServeOptions } from '../../src/server/start-server.js';

/** Repository root, found from the compiled file's place (dist/test/server/ or test/server/). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), fileURLToPath(import.meta.url).includes(`${path.sep}dist${path.sep}`) ? '../../..' : '../..');
/** The 300-row synthetic person dataset the server tests run on. */
export const FIXTURE_CSV = path.join(REPO_ROOT, 'data/server-fixture.csv');
/** Its matching configuration. */
export const FIXTURE_CONFIG = path.join(REPO_ROOT, 'data/configs/server-fixture.yaml');
/** The built CLI entry point. */
export const CLI_MAIN = path.join(REPO_ROOT, 'dist/src/cli/main.js');

/** A started server plus the temp state dir to remove afterwards. */
export interface TestServer {
  server: RunningServer;
  stateDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the server over the fixture (or `file`, with `config`, or zero-config when it is null) and waits until it is ready;
 * `stateDir` reuses a state folder (kept on stop) instead of a fresh one.
 *
 * @example
 * const t = await startTestServer({});
 * const r = await call(t.server.url, 'GET', '/stats');
 * await t.stop();
 */
export async function startTestServer(
  opts: {
    file?: string;
    secondFile?: string;
    config?: string | null;
    app?: Partial<ServeOptions['app']>;
    waitReady?: boolean;
    stateDir?: string;
    keyColumn?: string;
    engine?: ServeOptions['engine'];
  } = {},
): Promise<TestServer> {
  // A given state folder belongs to the caller (a restart test reuses it); a fresh one is removed by stop().
  const ownState = opts.stateDir === undefined;
  const stateDir = opts.stateDir ?? mkdtempSync(path.join(os.tmpdir(), 'kindred-server-test-'));
  const server = await startServer(
    {
      file: opts.file ?? FIXTURE_CSV,
      secondFile: opts.secondFile ?? null,
      // `config: null` serves zero-config: the controller chooses the configuration.
      config: opts.config === null ? null : loadConfigFile(opts.config ?? FIXTURE_CONFIG),
      configLabel: opts.config === null ? null : (opts.config ?? FIXTURE_CONFIG),
      host: '127.0.0.1',
      port: 0,
      stateDir,
      workers: 2,
      lenient: false,
      exclude: [],
      keyColumn: opts.keyColumn ?? null,
      engine: opts.engine,
      app: { token: undefined, corsOrigins: [], maxBodyBytes: 10 * 1024 * 1024, requestTimeoutMs: 120_000, ...opts.app },
    },
    new Progress(process.stderr, true),
  );
  if (opts.waitReady !== false) {
    await server.ready;
    // ready also resolves when the initial run failed; say why instead of letting every request answer 503.
    if (server.state.status !== 'ok') {
      await server.close();
      throw new Error(`initial run failed: ${server.state.error ?? 'unknown error'}`);
    }
  }
  return {
    server,
    stateDir,
    async stop() {
      await server.close();
      if (ownState) rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** One HTTP answer: status, headers and the parsed JSON body (null when the body is empty). */
export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/**
 * Sends one request; a non-undefined `body` is sent as JSON unless it is already a string.
 *
 * @example
 * const r = await call(url, 'POST', '/match', { given_name: 'ann' });
 */
export async function call(
  baseUrl: string,
  method: string,
  urlPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
  }
  const res = await fetch(baseUrl + urlPath, init);
  const text = await res.text();
  let parsed: unknown = null;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** Narrows a JSON body to an object for property access in assertions. */
export function obj(v: unknown): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error(`expected a JSON object, got ${JSON.stringify(v)}`);
  return v as Record<string, unknown>;
}

/** Narrows a JSON value to an array of objects. */
export function arr(v: unknown): Record<string, unknown>[] {
  if (!Array.isArray(v)) throw new Error(`expected a JSON array, got ${JSON.stringify(v)}`);
  return v.map(obj);
}

/** The error code of an error body. */
export function errorCode(v: unknown): string {
  return String(obj(obj(v).error).code);
}

/** A cluster member as returned by `/clusters/:id`, split into its row id and its own fields. */
export function memberRecord(member: Record<string, unknown>): { row: number; record: Record<string, unknown> } {
  const { row_id: row, ...rest } = member;
  const record = 'record' in rest && typeof rest.record === 'object' && rest.record !== null ? (rest.record as Record<string, unknown>) : rest;
  return { row: Number(row), record };
}

/**
 * Every cluster of at least `minSize` members, with its detail, in listing order.
 *
 * @example
 * const clusters = await clusterDetails(url, 2);
 */
export async function clusterDetails(baseUrl: string, minSize: number): Promise<Record<string, unknown>[]> {
  const list = await call(baseUrl, 'GET', `/clusters?min_size=${minSize}&limit=10000`);
  if (list.status !== 200) throw new Error(`GET /clusters answered ${list.status}: ${list.text}`);
  const out: Record<string, unknown>[] = [];
  for (const c of arr(obj(list.body).clusters)) {
    const d = await call(baseUrl, 'GET', `/clusters/${String(c.cluster_id)}`);
    if (d.status !== 200) throw new Error(`GET /clusters/${String(c.cluster_id)} answered ${d.status}: ${d.text}`);
    out.push(obj(d.body));
  }
  return out;
}


/**
 * The fixture's data rows as objects (the fixture has no quoted cells, so a plain split is exact; empty cell = missing).
 *
 * @example
 * const rows = fixtureRows(); rows[0].surname;
 */
export function fixtureRows(file: string = FIXTURE_CSV): Record<string, string | null>[] {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/).filter((l) => l !== '');
  if (lines.some((l) => l.includes('"'))) throw new Error('fixtureRows handles unquoted CSV only');
  const header = lines[0].split(',');
  return lines.slice(1).map((l) => {
    const cells = l.split(',');
    return Object.fromEntries(header.map((h, i) => [h, cells[i] === '' ? null : cells[i]]));
  });
}
