/**
 * Runs `task` on every item, at most `limit` at once, in order of the list;
 * resolves when all have finished, or rejects with the first failure. For
 * work whose heavy part runs off the main thread (zlib's and resvg's async
 * calls use libuv's thread pool), so several in flight keep every core busy.
 */
export async function forEachAtOnce<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const runners = Array.from({ length: Math.max(1, Math.min(limit, queue.length)) }, async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await task(next);
  });
  await Promise.all(runners);
}
