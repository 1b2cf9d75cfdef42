/** `kindred serve --engine duckdb` / `--edges` / `--id` on the command line: a repeated option, an edges file that is not there and a configuration DuckDB cannot compile are exit 2 with the reason, before the server binds (the other combinations: served-engine.test.ts). */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cliTempDir, runCli } from './run-cli.js';

const tmp = cliTempDir();
after(tmp.remove);

const FILE = ['--file', 'data/server-fixture.csv'];
const CONFIG = ['--config', 'data/configs/server-fixture.yaml'];
const edges = join(tmp.dir, 'edges.csv');
writeFileSync(edges, 'a,b,score,decider,matched\n0,1,0.9,0,true\n');
const tfidf = join(tmp.dir, 'tfidf.yaml');
writeFileSync(tfidf, 'matchkeys: [{name: t, type: weighted, threshold: 0.5, fields: [{field: address_1, scorer: tfidf_cosine}]}]\nblocking: {keys: [{fields: [postcode]}]}\n');

const REFUSED: Array<[string, string[], RegExp]> = [
  ['--edges twice', [...FILE, ...CONFIG, '--edges', edges, '--edges', edges], /--edges is given twice; it takes one value/],
  ['--id twice', [...FILE, ...CONFIG, '--edges', edges, '--id', 'rec_id', '--id', 'rec_id'], /--id is given twice/],
  ['--memory-limit twice', [...FILE, ...CONFIG, '--engine', 'duckdb', '--memory-limit', '1GB', '--memory-limit', '2GB'], /--memory-limit is given twice/],
  ['a missing edges file', [...FILE, ...CONFIG, '--edges', join(tmp.dir, 'nope.parquet')], /--edges .*nope\.parquet: no such file/],
  ['a scorer DuckDB cannot compile', [...FILE, '--config', tfidf, '--engine', 'duckdb'], /--engine duckdb: cannot compile to SQL: matchkeys\[0\] \(t\)\.fields\[0\] \(address_1\): scorer "tfidf_cosine"/],
];

// A case that wrongly passed would bind and serve: the timeout ends the test instead of hanging it.
test('refused with exit 2 and the reason, before binding', { timeout: 120_000 }, async () => {
  const results = await Promise.all(REFUSED.map(([, args]) => runCli(['serve', '--port', '0', ...args])));
  results.forEach((r, i) => {
    const [what, , message] = REFUSED[i];
    assert.equal(r.code, 2, `${what}: ${r.stderr}`);
    assert.match(r.stderr, message, what);
    assert.doesNotMatch(r.stderr, /listening on/, what);
  });
});
