/** A SIGKILL at any moment loses no acknowledged decision: every "ack" a writer printed is in the database after the crash. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { StateDb } from '../../src/store/state-db.js';
import { tempDir } from './fixtures/temp-state.js';

const tmp = tempDir();
after(tmp.remove);
const WRITER = fileURLToPath(new URL('./fixtures/writer.js', import.meta.url));

interface CrashRun {
  acks: Map<number, string>;
  signal: NodeJS.Signals | null;
}

/** Starts a writer, kills it with SIGKILL as soon as `killAfter` acks arrived, and returns every ack it managed to print. */
function writeUntilKilled(file: string, base: number, killAfter: number): Promise<CrashRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, file, String(base)], { stdio: ['ignore', 'pipe', 'inherit'] });
    const acks = new Map<number, string>();
    let killed = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /^ack (\d+) (\d+-\d+)$/.exec(line);
      if (!m) return reject(new Error(`unexpected writer output: ${line}`));
      acks.set(Number(m[1]), m[2]);
      if (!killed && acks.size >= killAfter) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    // 'close' waits for stdout to drain, so acks printed just before the kill are counted too.
    child.on('close', (_code, signal) => resolve({ acks, signal }));
  });
}

test('acknowledged decisions survive SIGKILL of the writing process, over repeated crashes', async () => {
  const file = join(tmp.dir, 'crash.sqlite');
  const acked = new Map<number, string>();
  for (const [round, killAfter] of [[0, 25], [1, 1], [2, 40]] as const) {
    const run = await writeUntilKilled(file, round * 1_000_000, killAfter);
    assert.equal(run.signal, 'SIGKILL', 'the writer must have crashed, not finished');
    assert.ok(run.acks.size >= killAfter);
    assert.ok(existsSync(`${file}-wal`), 'no clean close happened: the WAL is still there to recover from');
    for (const [seq, pair] of run.acks) acked.set(seq, pair);

    const db = StateDb.open(file);
    try {
      assert.equal(db.connection.pragma('integrity_check', { simple: true }), 'ok');
      const stored = new Map(db.edits().map((e) => [e.seq, e.kind === 'decision' ? e.pair_id : e.kind]));
      for (const [seq, pair] of acked) assert.equal(stored.get(seq), pair, `acknowledged decision ${seq} (${pair}) is missing`);
      // A commit may land without its ack being printed, never the other way round.
      assert.ok(stored.size >= acked.size);
    } finally {
      db.close();
    }
  }
});
