/** The groups in `after` that `before` did not list: invitations that came since the last look. */
export function newInvitations<G extends { readonly id: number }>(
  before: readonly G[],
  after: readonly G[],
): G[] {
  const known = new Set(before.map((group) => group.id))
  return after.filter((group) => !known.has(group.id))
}

/**
 * Whether the active group has left the player's groups (deleted, left in another tab, removed by an
 * admin): the app then plays in group 1000 again, as the server already made the session do. Group
 * 1000 never leaves; before the session names an active group nothing is gone.
 */
export function isActiveGroupGone(
  activeGroupId: number | undefined,
  groups: readonly { readonly id: number }[],
  everybodyGroupId: number,
): boolean {
  if (activeGroupId === undefined || activeGroupId === everybodyGroupId) return false
  return !groups.some((group) => group.id === activeGroupId)
}
