import { yieldToRequests } from './job-runner'

/**
 * Runs `deleteChunk` (one DELETE of at most `chunk` rows that answers how many it deleted) until one
 * finds fewer than a chunk, with requests served between two: a backlog of old rows goes without
 * holding the event loop or SQLite's write lock for long. Returns the rows deleted.
 */
export async function deleteInChunks(
  chunk: number,
  deleteChunk: (chunk: number) => Promise<{ numDeletedRows: bigint }>,
): Promise<number> {
  let deleted = 0
  for (;;) {
    const count = Number((await deleteChunk(chunk)).numDeletedRows)
    deleted += count
    if (count < chunk) return deleted
    await yieldToRequests()
  }
}
