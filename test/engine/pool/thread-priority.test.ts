// Pool threads can run at a lower CPU priority than the event loop (Linux): the pool's threads get the niceness asked for, the main thread keeps its own.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import { WorkerPool } from '../../../src/engine/worker-pool.js';
import { poolNiceness } from '../../../src/engine/thread-priority.js';

const linux = process.platform === 'linux' && fs.existsSync('/proc/thread-self');
const pool = new WorkerPool({ workers: 1, niceness: 7 });
after(() => pool.close());

/** Niceness of every thread of this process, by thread id. */
function threadNiceness(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of fs.readdirSync(`/proc/${process.pid}/task`)) {
    const stat = fs.readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8');
    // Field 19 (niceness) is the 17th after the command name in parentheses.
    out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return out;
}

test('the pool thread runs 7 nicer than the main thread, which is unchanged', { skip: !linux && 'needs Linux /proc' }, async () => {
  const before = os.getPriority();
  // A task has run once the thread has loaded the worker module, which sets the priority first.
  await pool.run('clusterLinks', { rowCount: 1, pairs: { a: new Int32Array(0), b: new Int32Array(0), score: new Float64Array(0), flags: new Uint8Array(0), count: 0 }, maxClusterSize: 10 });
  const nice = threadNiceness();
  assert.equal(nice.get(process.pid), before);
  assert.equal([...nice.values()].filter((n) => n === Math.min(19, before + 7)).length, 1);
});

test('a pool passes its niceness in workerData; anything else means none', () => {
  assert.equal(poolNiceness({ niceness: 10 }), 10);
  assert.equal(poolNiceness(undefined), 0);
  assert.equal(poolNiceness({ niceness: 'high' }), 0);
});
