/** servedEngineChoice: which engine `kindred serve` runs, and every combination of --engine, --edges, --id, --config, two files and --lenient that cannot work refused with the reason. */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { loadConfigFile } from '../../src/config/index.js';
import { servedEngineChoice } from '../../src/cli/served-engine.js';
import { engineChoice } from '../../src/cli/engine-options.js';
import { KindredError } from '../../src/errors/registry.js';
import { cliTempDir, repoPath } from './run-cli.js';

const tmp = cliTempDir();
after(tmp.remove);
const file = repoPath('data/server-fixture.csv');
const config = loadConfigFile(repoPath('data/configs/server-fixture.yaml'));
const edges = join(tmp.dir, 'edges.csv');
writeFileSync(edges, 'a,b,score,decider,matched\n0,1,0.9,0,true\n');
const partial = join(tmp.dir, 'partial.csv');
writeFileSync(partial, 'a,b,score\n0,1,0.9\n');

const choose = (values: Record<string, unknown>, input: { secondFile?: string; withConfig?: boolean } = {}) =>
  servedEngineChoice(values, engineChoice('serve', values), { file, secondFile: input.secondFile, config: input.withConfig === false ? null : config });

test('pool by default; duckdb on the served file with its limits; edges with or without an id column', async () => {
  assert.deepEqual(await choose({}), { engine: 'pool' });
  assert.deepEqual(await choose({}, { withConfig: false }), { engine: 'pool' }, 'zero-config serves on the pool');
  const duck = await choose({ engine: 'duckdb', 'memory-limit': '1GB' });
  assert.equal(duck.engine, 'duckdb');
  assert.equal(duck.engine === 'duckdb' && duck.file, file);
  assert.equal(duck.engine === 'duckdb' && duck.limits.memoryLimit, '1GB');
  assert.deepEqual(await choose({ edges }), { engine: 'edges', file: edges, idColumn: null, tableFile: file });
  assert.deepEqual(await choose({ edges, id: 'rec_id', lenient: true }), { engine: 'edges', file: edges, idColumn: 'rec_id', tableFile: file });
});

const REFUSED: Array<[string, Record<string, unknown>, { secondFile?: string; withConfig?: boolean }, RegExp]> = [
  ['--id without --edges', { id: 'rec_id' }, {}, /--id names the record id column of --edges and applies with --edges only/],
  ['--edges with --engine', { edges, engine: 'duckdb' }, {}, /--edges serves the pairs another engine computed and runs no engine itself: leave out --engine/],
  ['--edges with --engine pool', { edges, engine: 'pool' }, {}, /leave out --engine/],
  ['--edges with --memory-limit', { edges, 'memory-limit': '1GB' }, {}, /--memory-limit applies to --engine duckdb only/],
  ['--edges zero-config', { edges }, { withConfig: false }, /--edges needs --config, the configuration the edges were computed with/],
  ['--engine duckdb zero-config', { engine: 'duckdb' }, { withConfig: false }, /--engine duckdb needs --config/],
  ['--engine duckdb, two files', { engine: 'duckdb' }, { secondFile: file }, /--engine duckdb reads one file/],
  ['--edges, two files', { edges }, { secondFile: file }, /--edges reads one file/],
  ['--engine duckdb --lenient', { engine: 'duckdb', lenient: true }, {}, /--engine duckdb does not take --lenient/],
  ['--edges --lenient without --id', { edges, lenient: true }, {}, /--edges does not take --lenient without --id/],
  ['an unknown engine', { engine: 'spark' }, {}, /--engine must be one of pool, duckdb, got "spark"/],
  ['edges without matched', { edges: partial }, {}, /the edges need the columns a, b, score, matched; missing: matched/],
  ['an --id column the file lacks', { edges, id: 'customer_id' }, {}, /--id customer_id: .*server-fixture\.csv has no column "customer_id" \(the columns are rec_id, /],
];

test('refused, with the reason', async () => {
  for (const [what, values, input, message] of REFUSED) {
    await assert.rejects(
      (async () => choose(values, input))(),
      (e: unknown) => e instanceof KindredError && e.exitCode === 2 && message.test(e.message),
      what,
    );
  }
});
