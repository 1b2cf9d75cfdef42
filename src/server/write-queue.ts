/** One writer at a time: every request that changes the served state (record changes, steward edits, a re-run's swap) runs its turn after the previous one has finished. */

/**
 * A FIFO of state changes. A record change batch is scored (possibly on
 * the pool) before it is committed and applied; while it waits, readers
 * see the state before it, and no other change may be planned or applied
 * against that state, or the change log's order would not be the order of
 * application. A change that fails does not hold up the next.
 *
 * @example
 * const queue = new WriteQueue();
 * const result = await queue.run(async () => commit(changes));
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `change` after every change queued before it has settled; resolves or rejects with its outcome. */
  run<T>(change: () => T | Promise<T>): Promise<T> {
    const turn = this.tail.then(change);
    this.tail = turn.catch(() => undefined);
    return turn;
  }
}
