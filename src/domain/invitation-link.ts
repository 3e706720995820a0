import { invitationLinkParam } from '../api/invitations'

/**
 * The invitation code the sign-in page's query carries: `invite` of a player's link, else
 * `invitationCode` (the social sign-up coming back with the code it was sent). Blank is none.
 */
export function invitationCodeInSearch(search: string): string | undefined {
  const query = new URLSearchParams(search)
  const code = (query.get(invitationLinkParam) ?? query.get('invitationCode'))?.trim()
  return code ? code : undefined
}
