/** recordCells, the fast path of /match's record validation, answers exactly as the schema does: same cells, same errors. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRequest, recordCells, RecordSchema, toCells } from '../../src/server/request-schemas.js';

/** The schema path recordCells stands for: its cells, or its error's message and details. */
function viaSchema(value: unknown): unknown {
  try {
    return toCells(parseRequest(RecordSchema, value));
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e), details: (e as { details?: unknown }).details };
  }
}

function viaFastPath(value: unknown): unknown {
  try {
    return recordCells(value);
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e), details: (e as { details?: unknown }).details };
  }
}

const BODIES = [
  '{"given_name": "ann", "surname": "ng", "postcode": null}',
  '{}',
  '{"2": "b", "1": "a", "name": "x"}',
  '{"age": 42, "member": true, "name": "ann"}',
  '{"__proto__": "x", "name": "ann"}',
  '{"constructor": "x", "name": "ann"}',
  '{"prototype": null}',
  '{"name": {"first": "ann"}}',
  '{"names": ["ann"]}',
  '["ann"]',
  'null',
  '"ann"',
  '7',
];

test('the same cells or the same 400 as the schema, for every kind of body', () => {
  for (const text of BODIES) {
    const body: unknown = JSON.parse(text);
    assert.deepEqual(viaFastPath(body), viaSchema(body), text);
  }
});

test('a record of strings and nulls keeps its keys in order', () => {
  assert.deepEqual(Object.keys(recordCells(JSON.parse('{"b": "1", "a": null, "3": "x"}'))), ['3', 'b', 'a']);
});
