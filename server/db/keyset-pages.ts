/**
 * Every row of a read in keyset order, a page per statement, so memory holds one page and the database
 * no open cursor: `read` answers the page after `after` (undefined: the first page), and the next page
 * starts after the last row's key. A page shorter than `pageSize` is the last.
 */
export async function* keysetPages<Row, Key>(
  pageSize: number,
  read: (after: Key | undefined, limit: number) => Promise<readonly Row[]>,
  keyOf: (last: Row) => Key,
): AsyncGenerator<readonly Row[]> {
  let after: Key | undefined
  for (;;) {
    const page = await read(after, pageSize)
    yield page
    const last = page.at(-1)
    if (last === undefined || page.length < pageSize) return
    after = keyOf(last)
  }
}
