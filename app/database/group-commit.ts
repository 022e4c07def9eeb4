// Group commit: the inserts a visitor waits for, gathered so one statement and one commit
// cover all those of one turn of the event loop.

type Queued<Item> = {
  item: Item;
  resolve: (id: number) => void;
  reject: (error: unknown) => void;
};

/**
 * The inserts arriving in the same turn of the event loop go to `write` together, so one
 * commit and one disk flush cover them all; each caller still learns its id only when `write`
 * settles it after the commit. Whatever `write` throws rejects the batch: from setImmediate
 * it would otherwise crash the process and leave callers waiting.
 */
export function groupCommit<Item>(write: (batch: Queued<Item>[]) => void) {
  let batch: Queued<Item>[] = [];
  function flush() {
    const queued = batch;
    batch = [];
    try {
      write(queued);
    } catch (error) {
      for (const entry of queued) entry.reject(error);
    }
  }
  return (item: Item) =>
    new Promise<number>((resolve, reject) => {
      if (batch.length === 0) setImmediate(flush);
      batch.push({ item, resolve, reject });
    });
}
