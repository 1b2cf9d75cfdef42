/** Waits for a phase's worker tasks while counting them as they finish, which is what a phase's progress bar shows. */

/**
 * `Promise.all` over `tasks`, calling `onSettled(done, total)` once at the
 * start (0 of n) and after each task resolves, in completion order. The
 * result keeps the tasks' order.
 *
 * @example
 * const parts = await countedAll(columns.map((c) => pool.run('prepareColumn', c)), (done, total) => bar('prepare', done, total));
 */
export function countedAll<T>(tasks: readonly Promise<T>[], onSettled?: (done: number, total: number) => void): Promise<T[]> {
  if (onSettled === undefined) return Promise.all(tasks);
  let done = 0;
  onSettled(0, tasks.length);
  return Promise.all(
    tasks.map((task) =>
      task.then((value) => {
        onSettled(++done, tasks.length);
        return value;
      }),
    ),
  );
}
