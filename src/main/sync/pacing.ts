/** Lets timers, IPC and network callbacks run before the next piece of synchronous work. */
export function breathe(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Runs `work` over `items` with at most `workers` at once, stopping when `signal` aborts. */
export async function eachLimited<Item>(
  items: readonly Item[],
  workers: number,
  signal: AbortSignal,
  work: (item: Item) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      signal.throwIfAborted();
      const item = items[next] as Item;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, items.length) }, worker));
  signal.throwIfAborted();
}
