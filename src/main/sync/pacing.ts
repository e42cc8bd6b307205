/** Lets timers, IPC and network callbacks run before the next piece of synchronous work. */
export function breathe(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Waits for every one of `tasks`, then fails with the first failure if there was one. Unlike
 * `Promise.all`, nothing is still running when this rejects: a canceled run that has answered
 * has no worker left that could write after it.
 */
export async function settleAll<Value>(tasks: readonly Promise<Value>[]): Promise<Value[]> {
  const outcomes = await Promise.allSettled(tasks);
  const values: Value[] = [];
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') throw outcome.reason;
    values.push(outcome.value);
  }
  return values;
}

/**
 * Runs `work` over `items` with at most `workers` at once. When `signal` aborts or one item
 * fails, no worker takes a new item; the call settles only once every worker has stopped.
 */
export async function eachLimited<Item>(
  items: readonly Item[],
  workers: number,
  signal: AbortSignal,
  work: (item: Item) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      signal.throwIfAborted();
      const item = items[next] as Item;
      next += 1;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await settleAll(Array.from({ length: Math.min(workers, items.length) }, worker));
  signal.throwIfAborted();
}
