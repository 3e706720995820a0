/** The groups in `after` that `before` did not list: invitations that came since the last look. */
export function newInvitations<G extends { readonly id: number }>(
  before: readonly G[],
  after: readonly G[],
): G[] {
  const known = new Set(before.map((group) => group.id))
  return after.filter((group) => !known.has(group.id))
}
