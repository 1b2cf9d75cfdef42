/** readHeaderNames: a CSV's column names from its first MiB, or null whenever the full load must be the one to judge the file. */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { readHeaderNames } from '../../src/data/ingest.js';
import { csvDir } from './csv-fixture.js';

const files = csvDir();
after(files.remove);

test('names as ingest reads them: BOM dropped, quotes undone, spaces trimmed, CRLF accepted', async () => {
  assert.deepEqual(await readHeaderNames(files.write('a.csv', '\ufeffid,"last, name", zip \r\n1,x,2\r\n')), ['id', 'last, name', 'zip']);
  assert.deepEqual(await readHeaderNames(files.write('only.csv', 'id,name')), ['id', 'name'], 'a file that is only a header, no newline');
});

test('null when the file cannot tell: missing, empty, blank first line, malformed or longer than the peek', async () => {
  assert.equal(await readHeaderNames(`${files.dir}/missing.csv`), null);
  assert.equal(await readHeaderNames(files.write('empty.csv', '')), null);
  assert.equal(await readHeaderNames(files.write('blank.csv', '\nid\n1\n')), null);
  assert.equal(await readHeaderNames(files.write('twice.csv', 'id,id\n1,2\n')), null);
  assert.equal(await readHeaderNames(files.write('open.csv', 'id,"name\n1,2\n')), null);
  const long = ['id', `c${'x'.repeat(1 << 20)}`, 'zip'].join(',');
  assert.equal(await readHeaderNames(files.write('long.csv', `${long}\n1,2,3\n`)), null, 'a header cut by the 1 MiB peek is not guessed');
});
