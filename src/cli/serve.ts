/** `kindred serve`: validates options and environment (fail closed off loopback), then starts the server and handles shutdown. */
import fs from 'node:fs';
import { checkConfigColumns, loadConfigFile } from '../config/index.js';
import { readHeaderNames } from '../data/ingest.js';
import { KindredError } from '../errors/registry.js';
import { parseCorsOrigins } from '../server/middleware/cors/index.js';
import { isLoopbackBindHost } from '../server/loopback.js';
import { DEFAULT_REQUEST_LIMITS } from '../server/request-limits.js';
import { startServer } from '../server/start-server.js';
import { optionalInt, parseCommandArgs, requireFiles } from './args.js';
import { ENGINE_OPTIONS, engineChoice } from './engine-options.js';
import { Progress } from './progress.js';
import { servedEngineChoice } from './served-engine.js';

export const SERVE_HELP = `Usage: kindred serve --file <csv> [options]

Starts the local matching server. It binds at once; /health answers 503
"initializing" until the initial matching run is done, then 200.

Options:
  --file <csv>              dataset (may also be given positionally); twice to link two
                            files, their columns aligned by name and values
  --config <yaml>           matching configuration (default: built from the column profile)
  --host <addr>             bind address (default 127.0.0.1); off loopback SERVICE_API_TOKEN is required
  --port <n>                port (default 8080; 0 picks a free port)
  --state <dir>             state database folder (default .kindred)
  --workers <n>             worker threads (default: all cores)
  --max-body <bytes>        request body limit (default 10485760)
  --request-timeout <ms>    cancel requests slower than this with 503 timeout (default 120000)
  --max-batch <n>           records in one POST /match/batch (default 10000; more: 413)
  --max-top-k <n>           largest top_k of /match and /match/batch (default 1000)
  --max-limit <n>           largest limit of GET /clusters and GET /reviews/decisions (default 10000)
  --exclude <column>        never use this column for matching (repeatable)
  --key-column <column>     your own primary key: every record needs a distinct one, and
                            PUT /records/by-key/<key> upserts by it (docs/incremental.md)
  --lenient                 skip rows with the wrong number of cells
  --auth jwt                also serve the hosted /api/* surface with identity-provider JWTs (AUTH_* variables)

Engines (docs/scale-out.md; both need --config and one --file):
  --engine pool|duckdb      pool (default): the initial run scores on the worker pool;
                            duckdb: DuckDB pairs and scores the file out of core
  --memory-limit <size>     duckdb only: DuckDB's memory limit, e.g. 4GB (default: half the RAM)
  --temp-dir <dir>          duckdb only: where DuckDB spills (default: a fresh temporary folder)
  --edges <csv|parquet>     serve the kept pairs a SQL engine computed (kindred sql --dialect ...)
                            instead of scoring: a, b, score, matched, decider
  --id <column>             with --edges: the column the edges name records by (kindred sql
                            --id); default: row ids 0, 1, ... in the file's row order

Environment:
  SERVICE_API_TOKEN         bearer token required on every endpoint but GET /health
  SERVICE_API_CORS_ORIGINS  comma-separated allowlist of browser origins
`;

/** Runs the server until SIGINT/SIGTERM; returns the exit code. */
export async function serveCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs('serve', argv, {
    file: { type: 'string', multiple: true },
    config: { type: 'string' },
    host: { type: 'string' },
    port: { type: 'string' },
    state: { type: 'string' },
    workers: { type: 'string' },
    'max-body': { type: 'string' },
    'request-timeout': { type: 'string' },
    'max-batch': { type: 'string' },
    'max-top-k': { type: 'string' },
    'max-limit': { type: 'string' },
    exclude: { type: 'string', multiple: true },
    'key-column': { type: 'string' },
    lenient: { type: 'boolean' },
    auth: { type: 'string' },
    ...ENGINE_OPTIONS,
    edges: { type: 'string' },
    id: { type: 'string' },
    help: { type: 'boolean' },
  });
  if (values.help) {
    process.stdout.write(SERVE_HELP);
    return 0;
  }
  const [file, secondFile] = requireFiles('serve', values);
  const configPath = values.config as string | undefined;
  // 1. Configuration errors end the process before anything else happens.
  const config = configPath !== undefined ? loadConfigFile(configPath) : null;
  // A missing file is a usage error (exit 2, API.md §1), found before binding; one that exists but cannot be read fails the run (§2.1).
  for (const f of [file, secondFile]) if (f !== undefined && !fs.existsSync(f)) throw new KindredError('file_not_found', `kindred serve: ${f}: no such file`);
  const workers = optionalInt('serve', values, 'workers');
  const engine = await servedEngineChoice(values, engineChoice('serve', values, workers), { file, secondFile, config });
  // Columns too, from the header alone: a misspelt field is a configuration error (exit 2, key path named), not a failed run.
  // (Two files' columns are known only once aligned: a misspelt one then fails the initial run, naming it.)
  const keyColumn = values['key-column'] as string | undefined;
  if (keyColumn === '') throw new KindredError('usage', 'kindred serve: --key-column needs a column name');
  if ((config !== null && configPath !== undefined) || keyColumn !== undefined) {
    const header = secondFile === undefined ? await readHeaderNames(file) : null;
    if (header !== null && config !== null && configPath !== undefined) checkConfigColumns(config, header, configPath, file);
    // Duplicate or missing keys are found once the rows are loaded (the initial run fails naming them).
    if (header !== null && keyColumn !== undefined && !header.includes(keyColumn)) {
      throw new KindredError('usage', `kindred serve: --key-column ${keyColumn}: ${file} has no column "${keyColumn}" (the columns are ${header.join(', ')})`);
    }
  }
  const host = (values.host as string | undefined) ?? '127.0.0.1';
  const token = process.env.SERVICE_API_TOKEN;
  // 2. Fail closed: never expose an unauthenticated server off loopback.
  if (!isLoopbackBindHost(host) && (token === undefined || token === '')) {
    throw new KindredError('usage', `kindred serve: refusing to listen on ${host} without SERVICE_API_TOKEN; set SERVICE_API_TOKEN or bind to 127.0.0.1`);
  }
  const port = optionalInt('serve', values, 'port', 0) ?? 8080;
  if (port > 65535) throw new KindredError('usage', `kindred serve: --port must be 0..65535, got ${port}`);
  const auth = values.auth as string | undefined;
  if (auth !== undefined && auth !== 'jwt') throw new KindredError('usage', `kindred serve: --auth must be "jwt", got "${auth}"`);
  const corsOrigins = parseCorsOrigins(process.env.SERVICE_API_CORS_ORIGINS);
  const mountHosted = auth === 'jwt' ? await hostedMounter() : undefined;
  const progress = new Progress(process.stderr);
  // Handlers first: a SIGTERM sent the moment "listening on" appears must reach a graceful shutdown, not the default kill.
  let signalled = false;
  let onSignal: () => void = () => {
    signalled = true;
  };
  const signal = (): void => onSignal();
  process.once('SIGINT', signal);
  process.once('SIGTERM', signal);
  const server = await startServer(
    {
      file,
      secondFile: secondFile ?? null,
      config,
      configLabel: configPath ?? null,
      host,
      port,
      stateDir: (values.state as string | undefined) ?? '.kindred',
      workers,
      lenient: values.lenient === true,
      engine,
      exclude: (values.exclude as string[] | undefined) ?? [],
      keyColumn: keyColumn ?? null,
      app: {
        token: token === '' ? undefined : token,
        corsOrigins,
        maxBodyBytes: optionalInt('serve', values, 'max-body') ?? 10 * 1024 * 1024,
        requestTimeoutMs: optionalInt('serve', values, 'request-timeout') ?? 120_000,
        limits: {
          maxBatch: optionalInt('serve', values, 'max-batch') ?? DEFAULT_REQUEST_LIMITS.maxBatch,
          maxTopK: optionalInt('serve', values, 'max-top-k') ?? DEFAULT_REQUEST_LIMITS.maxTopK,
          maxLimit: optionalInt('serve', values, 'max-limit') ?? DEFAULT_REQUEST_LIMITS.maxLimit,
        },
        mountHosted: mountHosted?.(() => server.state),
      },
    },
    progress,
  );
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      progress.log('shutting down');
      void server.close().then(() => resolve(0));
    };
    onSignal = stop;
    if (signalled) stop();
    void server.ready.then(() => {
      // A run cancelled by the shutdown is not a failure to report for 5 s.
      if (server.state.status === 'failed' && !stopping) {
        // Keep answering "failed" on /health for 5 s, then exit 1.
        setTimeout(() => void server.close().then(() => resolve(1)), 5_000);
      }
    });
  });
}

/** Loads the hosted (JWT) surface only when asked for, validating AUTH_* first. */
async function hostedMounter(): Promise<(getState: () => import('../server/server-state.js').ServerState) => NonNullable<import('../server/app.js').AppOptions['mountHosted']>> {
  const { mountHostedSurface } = await import('../server/hosted-mount.js');
  return mountHostedSurface(process.env);
}
