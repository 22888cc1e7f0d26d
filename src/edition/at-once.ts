/**
 * Runs `task` for each of `items`, at most `limit` at a time, in the items' order of starting; resolves with the
 * results in the items' order. The edition's work is mostly waiting on the file system (a copy, a write and a
 * rename), so a few at once keep both cores busy where one at a time left them idle.
 */
export async function atOnce<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await task(items[index]!, index);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
