/** The `kindred` command line: dispatches to one module per command and maps errors to exit codes (run by main.ts, bundled or not). */
import { createRequire } from 'node:module';
import { KindredError } from '../errors/registry.js';

const require = createRequire(import.meta.url);
const VERSION = (require('../../../package.json') as { version: string }).version;

const HELP = `kindred ${VERSION} — entity resolution as a daemon

Usage: kindred <command> [options]

Commands:
  serve       start the matching server (kindred serve --file data.csv)
  dedupe      run matching once and write row_id,cluster_id
  apply       run matching on a file, apply a change file, write row_id,cluster_id
  evaluate    run matching and score it against a truth file
  autoconfig  build a configuration from the data and print the controller's telemetry
  sql         query the state database with kindred's SQL functions, or (with
              --dialect) print the configuration compiled to SQL
  cluster     cluster the edges a SQL engine wrote (kindred cluster --edges)

Run kindred <command> --help for a command's options.
Exit codes: 0 success, 1 run-time failure, 2 usage or configuration error.
`;

type Command = (argv: string[]) => Promise<number>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./serve.js')).serveCommand,
  dedupe: async () => (await import('./dedupe.js')).dedupeCommand,
  apply: async () => (await import('./apply.js')).applyCommand,
  evaluate: async () => (await import('./evaluate.js')).evaluateCommand,
  autoconfig: async () => (await import('./autoconfig.js')).autoconfigCommand,
  sql: async () => (await import('./sql.js')).sqlCommand,
  cluster: async () => (await import('./cluster.js')).clusterCommand,
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version' || command === '-v') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const load = COMMANDS[command];
  if (!load) throw new KindredError('usage', `kindred: unknown command "${command}"; expected one of: ${Object.keys(COMMANDS).join(', ')}`);
  return (await load())(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof KindredError) {
      process.stderr.write(`kindred: ${e.toText()}\n`);
      process.exitCode = e.exitCode;
    } else {
      process.stderr.write(`kindred: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = 1;
    }
  },
);
