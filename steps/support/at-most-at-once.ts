/**
 * Runs `task` on every item with at most `limit` in flight, taking the items in order, and
 * resolves when every task has ended. A task that throws rejects the whole, as Promise.all does;
 * callers that must see every item through catch inside the task.
 */
export async function atMostAtOnce<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}
