/**
 * Lists of titles chosen by the player: the watch list (spec §3 "Settings") and an event's titles. Title
 * ids in the player's order, each at most once.
 */

/** Adds a title at the end; a title already listed stays where it is. */
export function addTitle(list: readonly number[], titleId: number): number[] {
  return list.includes(titleId) ? [...list] : [...list, titleId]
}

export function removeTitle(list: readonly number[], titleId: number): number[] {
  return list.filter((id) => id !== titleId)
}

/**
 * The titles a search offers to add: names containing the query (any case), those already listed and
 * those without a name left out, alphabetical, at most `limit` (a long universe must not flood the list).
 */
export function titlesToAdd<T extends { readonly id: number; readonly n?: string }>(
  titles: readonly T[],
  listed: readonly number[],
  query: string,
  limit = 20,
): T[] {
  const needle = query.trim().toLocaleLowerCase('en-US')
  return titles
    .filter(
      (title): title is T & { readonly n: string } => title.n !== undefined && !listed.includes(title.id),
    )
    .filter((title) => needle === '' || title.n.toLocaleLowerCase('en-US').includes(needle))
    .sort((a, b) => a.n.localeCompare(b.n, 'en-US'))
    .slice(0, limit)
}
